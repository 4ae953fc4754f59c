import type { ExtractedPdf } from '../pdf/extract.js';

/**
 * The text of a PDF as every database can store it: without NUL characters, which pdf.js
 * sometimes yields (a font without a usable encoding) and which PostgreSQL text refuses. Both
 * dialects store the same text, so a library copied between them searches alike.
 */
export function storableText(pdf: ExtractedPdf): ExtractedPdf {
  const info = Object.fromEntries(
    Object.entries(pdf.info).map(([k, v]) => [k, typeof v === 'string' ? storableString(v) : v]),
  ) as ExtractedPdf['info'];
  const layout = pdf.layout?.map((page) => ({
    ...page,
    lines: page.lines.map((line) => ({ ...line, text: storableString(line.text) })),
  }));
  return { ...pdf, pages: pdf.pages.map(storableString), info, ...(layout ? { layout } : {}) };
}

/** One text without NUL characters. */
export const storableString = (text: string): string => text.replaceAll('\u0000', '');
