import type { PagePaint } from './paint-types.js';
import type { Box, Rgb } from './types.js';

/*
 * The colour rules of a translated block: the translator covers a block's original text in the
 * colour it sat on and draws the translation in the colour the text had, so a table header on a
 * dark band stays a dark band with light text. What lies under and in each block comes from the
 * page's operator walk (page-paint.ts).
 */

export const WHITE: Rgb = [1, 1, 1];
export const BLACK: Rgb = [0, 0, 0];

export interface BlockColors {
  /** The colour the cover is drawn in: what the block's text was painted on (white: the page). */
  background: Rgb;
  /** The colour of the translated text: the original text's when it reads on the cover. */
  text: Rgb;
  /** The original text's fill colour, when it could be told. */
  original: Rgb | null;
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1 (none) to 21 (black on white). */
export function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function readableOn(background: Rgb): Rgb {
  return contrast(BLACK, background) >= contrast(WHITE, background) ? BLACK : WHITE;
}

/** Below this contrast with its cover, the original text colour gives way to black or white. */
const MIN_CONTRAST = 2;
/** A fill lies under a block when it covers this share of the block's box. */
const MIN_COVER = 0.6;

const same = (a: Rgb, b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * The colours of a block: its text is the runs shown inside its box (their most used fill colour,
 * by length); what it sits on is the fills painted before the first of those runs that cover most
 * of its box, composed in painting order with their alpha over the white page. A fill of unknown
 * colour (an image) makes the page white again: a cover there stays white as it always was.
 */
export function blockColors(paint: PagePaint, box: Box): BlockColors {
  const bx1 = box.x + box.width;
  const by1 = box.y + box.height;
  let firstOp = Infinity;
  const weights: { color: Rgb; weight: number }[] = [];
  for (const run of paint.runs) {
    if (run.y < box.y || run.y > by1) continue;
    const overlap = Math.min(run.x1, bx1) - Math.max(run.x0, box.x);
    if (overlap < 0 || (overlap === 0 && run.x1 > run.x0)) continue;
    firstOp = Math.min(firstOp, run.op);
    if (!run.color) continue;
    const entry = weights.find((w) => same(w.color, run.color!));
    if (entry) entry.weight += overlap;
    else weights.push({ color: run.color, weight: overlap });
  }
  const original = weights.sort((a, b) => b.weight - a.weight)[0]?.color ?? null;

  const area = box.width * box.height;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  let background: Rgb = WHITE;
  for (const fill of paint.fills) {
    if (fill.op >= firstOp) break;
    if (fill.x0 > box.x + box.width * (1 - MIN_COVER) || fill.x1 < box.x + box.width * MIN_COVER) continue;
    const w = Math.min(fill.x1, bx1) - Math.max(fill.x0, box.x);
    const h = Math.min(fill.y1, by1) - Math.max(fill.y0, box.y);
    if (w <= 0 || h <= 0 || w * h < MIN_COVER * area) continue;
    if (fill.holes?.some(([x0, y0, x1, y1]) => cx > x0 && cx < x1 && cy > y0 && cy < y1)) continue;
    if (!fill.color) {
      background = WHITE;
      continue;
    }
    const a = Math.min(1, Math.max(0, fill.alpha));
    const c = fill.color;
    const under = background;
    background =
      a === 1
        ? c
        : [a * c[0] + (1 - a) * under[0], a * c[1] + (1 - a) * under[1], a * c[2] + (1 - a) * under[2]];
  }
  const text = original && contrast(original, background) >= MIN_CONTRAST ? original : readableOn(background);
  return { background, text, original };
}
