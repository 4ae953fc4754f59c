import type { PageLayout } from '../types.js';

/**
 * The lines of a note's first page as read for research data. Some producers draw a string 2-4
 * times over to make it look bold and every draw reaches the text (`HOLDHOLDHOLDHOLD`): a run of
 * the same string of letters is read once.
 */
export function coverTextLines(page: string): string[] {
  return page
    .split('\n')
    .map((line) => withoutRepeats(line).replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

export function withoutRepeats(line: string): string {
  // Three or four copies in a row: "HOLDHOLDHOLD" is a redraw, "papa" and "Mississippi" are words.
  return line.replace(/([A-Za-z\u4e00-\u9fff][^\n]{1,79}?)\1{2,3}/gu, '$1');
}

/**
 * The headline of the first page: lines drawn clearly larger than its body text, top first. Without a
 * layout, the first lines of the text stand in.
 */
export function headlineLines(page: string, layout: PageLayout | undefined): string[] {
  const lines = layout?.lines.filter((l) => l.text.trim() !== '') ?? [];
  if (lines.length < 5) return coverTextLines(page).slice(0, 10);
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 0;
  return lines
    .filter((l) => l.size >= body * 1.3)
    .sort((a, b) => b.y - a.y)
    .map((l) => withoutRepeats(l.text).trim());
}

/** Short lines in the largest type, largest and highest first: where a cover names its company. */
export function largestLines(layout: PageLayout | undefined): string[] {
  if (!layout) return [];
  return layout.lines
    .filter((l) => l.text.trim() !== '')
    .sort((a, b) => b.size - a.size || b.y - a.y)
    .map((l) => withoutRepeats(l.text).trim());
}
