import type { PositionedText } from './page-text.js';

/**
 * Some producers draw text several times over at offsets well under a glyph's width to make it look
 * bold (2-4 times, each string or each glyph). A reader sees it once; pdf.js reports every draw,
 * and where a glyph is drawn glyph by glyph it may merge the last draw of one glyph with the first
 * of the next ("T", "T", "T", "Te", "e", "e", "es", ...).
 */

/** How many recent draws an item is compared with (4 draws of a string, or of 2-3 glyphs in turn). */
const RECENT = 12;
/** Largest offset of a redraw, in font sizes, and in widths of the string drawn. */
const OFFSET_SIZES = 0.2;
const OFFSET_WIDTHS = 0.3;

interface Drawn {
  str: string;
  /** Start and end along the baseline, position across it, font size, direction. */
  start: number;
  end: number;
  across: number;
  size: number;
  matrix: readonly number[];
}

/**
 * The items with each redraw of a string at (almost) the same place removed: a whole redraw becomes
 * an empty item that keeps its end-of-line mark; a redrawn glyph at the start of a longer item is
 * cut off it. Judged by position only: the same word elsewhere on the page stays.
 */
export function withoutOverdraw(items: readonly PositionedText[]): PositionedText[] {
  const recent: Drawn[] = [];
  return items.map((item) => {
    if (item.str.trim() === '') return item;
    let kept = item;
    let drawn = describe(kept);
    // A redrawn glyph merged into the front of the next one's first draw: cut it off.
    for (let cut = true; cut;) {
      cut = false;
      const front = recent.find((r) => r.str.length < drawn.str.length && startsOver(r, drawn));
      if (front) {
        kept = cutFront(kept, front);
        drawn = describe(kept);
        cut = true;
      }
    }
    if (recent.some((r) => isRedraw(r, drawn))) return { ...item, str: '', width: 0 };
    recent.push(drawn);
    if (recent.length > RECENT) recent.shift();
    return kept;
  });
}

function describe(item: PositionedText): Drawn {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const angle = Math.atan2(b, a);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const start = e * cos + f * sin;
  return {
    str: item.str.trim(),
    start,
    end: start + item.width,
    across: f * cos - e * sin,
    size: Math.hypot(c, d) || Math.hypot(a, b) || 1,
    matrix: [a, b, c, d],
  };
}

/** Same size and direction (a redraw never scales or turns the text), and (almost) the same line. */
function sameFrame(x: Drawn, y: Drawn, limit: number): boolean {
  const turned = x.matrix.reduce((sum, v, i) => sum + Math.abs(v - (y.matrix[i] ?? 0)), 0);
  return turned <= 0.01 * x.size && Math.abs(x.across - y.across) <= limit;
}

function offsetLimit(x: Drawn, y: Drawn): number {
  const width = Math.max(x.end - x.start, y.end - y.start);
  return Math.min(x.size * OFFSET_SIZES, width * OFFSET_WIDTHS);
}

/** The same string again, starting or ending where it was drawn. */
function isRedraw(drawn: Drawn, item: Drawn): boolean {
  if (drawn.str !== item.str) return false;
  const limit = offsetLimit(drawn, item);
  if (!sameFrame(drawn, item, limit)) return false;
  return Math.abs(item.start - drawn.start) <= limit || Math.abs(item.end - drawn.end) <= limit;
}

/** An item that begins with a string just drawn at the same place. */
function startsOver(drawn: Drawn, item: Drawn): boolean {
  if (drawn.str === '' || !item.str.startsWith(drawn.str)) return false;
  const limit = offsetLimit(drawn, drawn);
  return sameFrame(drawn, item, limit) && Math.abs(item.start - drawn.start) <= limit;
}

/**
 * The item without its first `front.str` (and the spaces after it), moved along the baseline by
 * that string's width (spaces by the item's average advance per character).
 */
function cutFront(item: PositionedText, front: Drawn): PositionedText {
  const cut = Math.min(front.end - front.start, item.width);
  const rest = item.str.slice(item.str.indexOf(front.str) + front.str.length);
  const str = rest.trimStart();
  const spaces = rest.length > 0 ? ((item.width - cut) / rest.length) * (rest.length - str.length) : 0;
  const width = cut + spaces;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const angle = Math.atan2(b, a);
  return {
    ...item,
    str,
    width: Math.max(0, item.width - width),
    transform: [a, b, c, d, e + width * Math.cos(angle), f + width * Math.sin(angle)],
  };
}
