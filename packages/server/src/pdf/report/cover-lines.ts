import type { PageLayout } from '../types.js';

/** A printed line of a cover: text pieces on one baseline in one size, joined left to right. */
export interface CoverLine {
  text: string;
  x: number;
  /** From the bottom of the page. */
  y: number;
  size: number;
}

const HAN = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/**
 * Text drawn several times over itself (a fake bold) reads "ArgusArgusArgusArgus": one copy is kept.
 * Form-template tags some Chinese brokers leave in their text (`[Table_Title]`) are dropped.
 */
export function cleanDrawnText(text: string): string {
  const whole = /^(.{3,}?)\1+$/su.exec(text.trim());
  const once = whole ? (whole[1] ?? text) : text;
  return once
    .replace(/(\S{3,}?)\1{2,}/gu, '$1')
    .replace(/\[Table_\w*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Roughly how wide a piece of text is drawn: Han characters are square, Latin ones about half as wide. */
function drawnWidth(text: string, size: number): number {
  let width = 0;
  for (const ch of text) width += HAN.test(ch) ? size : size * 0.5;
  return width;
}

/** Joins two pieces of a line or of a wrapped heading: Han text runs on, other text gets a space. */
export function joinText(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return HAN.test(a.slice(-1)) && HAN.test(b.charAt(0)) ? a + b : `${a} ${b}`;
}

/**
 * The lines of a page as printed, top to bottom: pieces on the same baseline, in the same size and
 * close to each other are one line; pieces far apart (two columns) stay apart.
 */
export function coverLines(page: PageLayout): CoverLine[] {
  const pieces = page.lines
    .map((l) => ({ ...l, text: cleanDrawnText(l.text) }))
    .filter((l) => l.text.length > 0)
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const out: (CoverLine & { end: number })[] = [];
  for (const p of pieces) {
    const prev = out.find(
      (o) =>
        Math.abs(o.y - p.y) <= 1 &&
        Math.abs(o.size - p.size) <= 0.5 &&
        p.x >= o.x &&
        p.x - o.end <= 2 * p.size,
    );
    if (prev) {
      prev.text = joinText(prev.text, p.text);
      prev.end = p.x + drawnWidth(p.text, p.size);
    } else {
      out.push({ ...p, end: p.x + drawnWidth(p.text, p.size) });
    }
  }
  return out.map(({ text, x, y, size }) => ({ text, x, y, size }));
}

/** The size most of the page's characters are printed in: the body text's. */
export function bodySize(lines: readonly CoverLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) {
    const size = Math.round(l.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + l.text.length);
  }
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}
