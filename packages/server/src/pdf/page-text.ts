import { withoutOverdraw } from './overdraw.js';

/** The part of a pdf.js text item that line reconstruction needs. */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, e, f]: the text matrix; (e, f) is the origin, (a, b) the baseline direction. */
  transform: number[];
  width: number;
  hasEOL: boolean;
  /** The font the item is set in (pdf.js's name for it, within the page). */
  fontName?: string;
}

/** A line of a page as drawn: its text, where it stands and how large it is set. */
export interface Line {
  text: string;
  /** Position across the baseline (y for horizontal text) and the angle of the baseline. */
  across: number;
  angle: number;
  /** The largest font size on the line. */
  size: number;
  /** Where the first item started along the baseline (x for horizontal text). */
  start: number;
  /** Where the last item ended along the baseline, to decide whether a space is missing. */
  end: number;
}

/**
 * Lines further apart than this many font sizes start a new paragraph (1.2 is normal leading), and
 * at least this many times the page's usual line pitch (so double-spaced pages are not cut up).
 */
const PARAGRAPH_GAP = 1.75;
const PARAGRAPH_PITCH = 1.4;
/** A jump up the page by more than this many font sizes is a new column or block. */
const BLOCK_JUMP = 3;

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * Rebuilds the text of a page from pdf.js text items, in content-stream order (which keeps columns
 * and table cells together better than sorting by position): a new line starts at an explicit
 * end-of-line or when the baseline moves by more than half a font size; a blank line separates
 * paragraphs when the vertical gap is large.
 */
export function pageText(items: readonly PositionedText[]): string {
  return joinLines(pageLines(items));
}

/**
 * Letters that symbol fonts (Wingdings and the brokers' own symbol fonts) draw list bullets with:
 * the font maps the glyph to the letter's code, so the text reads "gWe assume…" or "u Nvidia's…".
 */
const SYMBOL_BULLET = /^[a-zØ§ü]$/;

/**
 * A list bullet drawn in a symbol font: a lone lower-case letter in a font of its own, opening a
 * line, before text in another font that starts with a capital. Running text never sets one letter
 * apart in its own font before a capitalised word; a variable in a formula ("x 的平均值") is not
 * followed by a capital.
 */
function isSymbolBullet(item: PositionedText, next: PositionedText | undefined): boolean {
  return (
    SYMBOL_BULLET.test(item.str.trim()) &&
    next !== undefined &&
    item.fontName !== undefined &&
    next.fontName !== undefined &&
    next.fontName !== item.fontName &&
    /^\s*\p{Lu}/u.test(next.str)
  );
}

/** What starts a line in place of a symbol font's bullet. */
const BULLET_TEXT = '• ';

/**
 * The lines of a page, in content-stream order, each with its position and font size. Text drawn
 * several times over in place is read once; a symbol font's list bullet reads as a bullet.
 */
export function pageLines(items: readonly PositionedText[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;

  const flush = () => {
    if (current && current.text.trim() !== '') lines.push(current);
    current = null;
  };

  const kept = withoutOverdraw(items);
  /** The item drawn after the i-th, past spaces (a bullet's own space is an item of its own). */
  const after = (i: number) => kept.slice(i + 1, i + 4).find((item) => item.str.trim() !== '');
  for (const [i, item] of kept.entries()) {
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const angle = Math.atan2(b, a);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
    // Project the origin onto the baseline direction and its normal, so rotated pages work too.
    const along = e * cos + f * sin;
    const across = f * cos - e * sin;

    if (item.str !== '') {
      const line: Line | null = current;
      const sameLine =
        line !== null &&
        Math.abs(line.angle - angle) < 0.01 &&
        Math.abs(line.across - across) <= Math.max(line.size, size) / 2;
      if (line && sameLine) {
        if (needsSpace(line.text, item.str, along - line.end, size)) line.text += ' ';
        line.text += item.str;
        line.end = along + item.width;
        line.size = Math.max(line.size, size);
      } else {
        flush();
        const text = isSymbolBullet(item, after(i)) ? BULLET_TEXT : item.str;
        current = { text, across, angle, size, start: along, end: along + item.width };
      }
    }
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** The median distance between consecutive lines of the page, in page units. */
function usualPitch(lines: readonly Line[]): number {
  const drops: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    if (!a || !b) continue;
    const drop = a.across - b.across;
    if (drop > 0 && drop < Math.max(a.size, b.size) * 4) drops.push(drop);
  }
  drops.sort((x, y) => x - y);
  return drops[Math.floor(drops.length / 2)] ?? 0;
}

/** A jump back along the line by more than this many font sizes starts a new word (a table cell). */
const JUMP_BACK = 0.5;

function needsSpace(before: string, after: string, gap: number, size: number): boolean {
  if (/\s$/.test(before) || /^\s/.test(after)) return false;
  if (gap < -size * JUMP_BACK) return true;
  // Chinese has no spaces between words: only a wide gap (a table column) separates them.
  const cjk = CJK.test(before.slice(-1)) && CJK.test(after.charAt(0));
  return gap > size * (cjk ? 1 : 0.2);
}

/** The text of a page from its lines: a blank line between paragraphs and before a new column. */
export function joinLines(lines: readonly Line[]): string {
  const pitch = usualPitch(lines);
  const out: string[] = [];
  let previous: Line | undefined;
  for (const line of lines) {
    let text = line.text.replace(/[ \t\u00a0]+/g, ' ').trim();
    let paragraph = false;
    if (previous && Math.abs(previous.angle - line.angle) < 0.01) {
      const drop = previous.across - line.across;
      const size = Math.max(previous.size, line.size);
      paragraph = drop > Math.max(size * PARAGRAPH_GAP, pitch * PARAGRAPH_PITCH) || drop < -size * BLOCK_JUMP;
      if (paragraph) out.push('');
    }
    const last = out.length - 1;
    const joined = previous && !paragraph ? joinHyphenated(out[last] ?? '', text) : null;
    if (joined) {
      out[last] = joined[0];
      text = joined[1];
    }
    if (text !== '') out.push(text);
    previous = line;
  }
  return out.join('\n');
}

/** A word broken at a line end: a letter, then a hyphen (or soft hyphen) ending the line. */
const BROKEN_END = /(?<=\p{L})[-\u00ad\u2010]$/u;
/** The rest of the word starts the next line in lower case. */
const CONTINUED = /^(\p{Ll}[\p{L}\p{M}]*)([^\s]*)\s*/u;

/**
 * "eco-" / "nomy grows" becomes "economy" / "grows": the word is whole where it started. Compounds
 * broken at their own hyphen ("long-" / "term") lose the hyphen too; a reader's search for the
 * joined word matters more. Only the text changes: the lines keep their positions.
 */
function joinHyphenated(before: string, after: string): [string, string] | null {
  if (!BROKEN_END.test(before)) return null;
  const next = CONTINUED.exec(after);
  if (!next) return null;
  return [before.slice(0, -1) + next[1] + next[2], after.slice(next[0].length)];
}
