import type { FileInfo } from '@rl/contract';
import { TRANSLATION_LANG } from '@rl/contract/constants';
import { splitSentences } from '@rl/contract/sentences';

/**
 * The Chinese summary when Chinese is wanted (Chinese interface, or the Chinese preview) and the
 * server has it, else the report's own summary.
 */
export function summaryFor(info: FileInfo, wantChinese: boolean): string {
  const chinese = info.multi_language_summary[TRANSLATION_LANG]?.trim();
  if (wantChinese && chinese) return chinese;
  return info.meta.summary.trim() || chinese || '';
}

/** Paragraphs of the standard display. */
export function summaryParagraphs(summary: string): string[] {
  return summary
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Key points of the compact display: the summary's sentences, at most `limit`. */
export function summaryPoints(summary: string, limit = 5): string[] {
  // The server's own splitting: "10.1%" or "U.S. GAAP" stays inside one point.
  const sentences = splitSentences(summary.replace(/\s+/g, ' ')).filter((sentence) => sentence.length > 1);
  return sentences.slice(0, limit);
}

/**
 * The compact display's points: the server's compact summary when the report's own summary is
 * shown and it has one, else the first sentences of the summary shown.
 */
export function compactPoints(info: FileInfo, summary: string): string[] {
  const compact = info.meta.summary_compact.trim();
  return compact && summary === info.meta.summary.trim() ? summaryPoints(compact) : summaryPoints(summary);
}
