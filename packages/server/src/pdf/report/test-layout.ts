import type { LayoutLine, PageLayout } from '../types.js';

/** A page drawn from `[text, size, x, y]` rows (y from the bottom), as pdf.js would report it. */
export function pageOf(rows: [string, number, number, number][], height = 842): PageLayout {
  const lines: LayoutLine[] = rows.map(([text, size, x, y]) => ({ text, size, x, y }));
  return { width: 595, height, lines };
}
