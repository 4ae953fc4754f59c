import type { ReportLanguage } from '@rl/contract';

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
const LATIN_WORD = /[A-Za-z]{2,}/g;

/**
 * Chinese when Han characters outnumber Latin words: one Han character carries about as much as
 * a short word, so a Chinese report full of English terms and numbers still counts as Chinese.
 */
export function detectLanguage(text: string): ReportLanguage {
  const han = text.match(HAN)?.length ?? 0;
  const words = text.match(LATIN_WORD)?.length ?? 0;
  return han > words ? 'zh' : 'en';
}
