import type { ReportLanguage } from '@rl/contract';

/** A4 in points, with the margins and type sizes every page shares. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN_X = 48;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
/** Body area of pages after the cover, between the running header and the footer. */
export const BODY_TOP = PAGE_HEIGHT - 66;
export const BODY_BOTTOM = 60;

export const BODY_SIZE = 9.5;
export const LEADING: Record<ReportLanguage, number> = { en: 13.5, zh: 15 };
export const PARAGRAPH_GAP = 7;
export const HEADING_SIZE = 13;
export const HEADING_HEIGHT = 30;
export const BULLET_INDENT = 12;

export const EXHIBIT_TITLE_SIZE = 8.5;
export const SOURCE_SIZE = 7;
export const CHART_HEIGHT = 168;
/** Exhibit title, plot and source line, plus the gap below. */
export const CHART_BLOCK_HEIGHT = 16 + CHART_HEIGHT + 14 + 10;
export const TABLE_ROW_HEIGHT = 14;
export const TABLE_TEXT_SIZE = 7.5;

export function tableBlockHeight(rowCount: number): number {
  return 16 + (rowCount + 1) * TABLE_ROW_HEIGHT + 14 + 10;
}

/** Rough characters per body line, for planning how much text a page holds. */
export const CHARS_PER_LINE: Record<ReportLanguage, number> = { en: 100, zh: 50 };

export type Measure = (text: string) => number;

/** Closing punctuation may not start a Chinese line, so it hangs at the end of the previous one. */
const NO_LINE_START = new Set('，。、；：！？）》」’”%'.split(''));
/** A Chinese line breaks between any two ideographs; Latin words and numbers stay whole. */
const CHINESE_TOKEN = /[A-Za-z0-9.,+\-/%()]+|\s+|./gu;

/** Greedy line breaking: English at spaces, Chinese between characters. */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: Measure,
  language: ReportLanguage,
): string[] {
  return language === 'zh' ? wrapChinese(text, maxWidth, measure) : wrapWords(text, maxWidth, measure);
}

/** Widths add up (no kerning is drawn), so each word is measured once. */
function wrapWords(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  let line = '';
  let width = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wordWidth = measure(word);
    if (line && width + space + wordWidth > maxWidth) {
      lines.push(line);
      line = word;
      width = wordWidth;
    } else {
      width += line ? space + wordWidth : wordWidth;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function wrapChinese(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const token of text.match(CHINESE_TOKEN) ?? []) {
    const tokenWidth = measure(token);
    const fits = width + tokenWidth <= maxWidth || NO_LINE_START.has(token);
    if (line && !fits) {
      lines.push(line.trimEnd());
      line = token.trim() ? token : '';
      width = line ? tokenWidth : 0;
    } else {
      line += token;
      width += tokenWidth;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Cuts text to fit one line, adding an ellipsis when it had to cut. */
export function fitOneLine(text: string, maxWidth: number, measure: Measure): string {
  if (measure(text) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && measure(`${cut}...`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}
