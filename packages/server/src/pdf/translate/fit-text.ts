/**
 * Fits a translated text into a block's box: wraps it to the box width (between any two Chinese
 * characters, at spaces in Latin text), and steps the font size down until the lines fit the box
 * height. Pure: widths come from a `measure` function (advance width at font size 1).
 */

/** Glyph extent of the drawn lines in font sizes: CJK ideographs fill -0.12..0.88, Latin descends to -0.2. */
export const LINE_ASCENT = 0.88;
export const LINE_DESCENT = 0.2;
/** Baseline-to-baseline distance, in font sizes. */
export const LINE_PITCH = 1.15;
/** The smallest font size the fitter steps down to (unless the original text was smaller). */
export const MIN_FONT_SIZE = 4;

export type Measure = (text: string) => number;

export interface FitOptions {
  /** Size of the original text: the first size tried. */
  startSize: number;
  minSize?: number;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** Distance from the box top down to the first baseline, and between baselines. */
  firstBaseline: number;
  pitch: number;
  /** True when even the smallest size could not hold the text: the last line ends with '…'. */
  truncated: boolean;
}

/** Not at the start of a line (closing punctuation) / not at the end of one (opening). */
const NO_START = /^[，。、；：！？）」』》】〕”’%‰,.;:!?)\]}]/;
const NO_END = /[（「『《【〔“‘([{]$/;

const CJK_RANGE = '\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef';
const TOKEN = new RegExp(`\\s+|[${CJK_RANGE}]|[^\\s${CJK_RANGE}]+`, 'g');

interface Token {
  text: string;
  width: number;
  space: boolean;
}

/** Each CJK character is a token; so is each run of other non-space characters, and each space run. */
function tokenize(text: string, measure: Measure): Token[] {
  const tokens: Token[] = [];
  for (const [part] of text.matchAll(TOKEN)) {
    const space = /^\s/.test(part);
    tokens.push({ text: space ? ' ' : part, width: measure(space ? ' ' : part), space });
  }
  return tokens;
}

/** Splits a word too long for a line into pieces that fit (at least one character each). */
function splitWord(token: Token, limit: number, measure: Measure): Token[] {
  const pieces: Token[] = [];
  let piece = '';
  for (const char of token.text) {
    if (piece !== '' && measure(piece + char) > limit) {
      pieces.push({ text: piece, width: measure(piece), space: false });
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push({ text: piece, width: measure(piece), space: false });
  return pieces;
}

/** Greedy line breaking of tokens into lines no wider than `limit` (unit-size widths). */
function wrapTokens(tokens: readonly Token[], limit: number, measure: Measure): string[] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let width = 0;
  const push = () => {
    while (line.length > 0 && line[line.length - 1]!.space) line.pop();
    if (line.length > 0) lines.push(line);
    line = [];
    width = 0;
  };
  const queue = [...tokens];
  while (queue.length > 0) {
    const token = queue.shift()!;
    if (token.space) {
      if (line.length > 0) {
        line.push(token);
        width += token.width;
      }
      continue;
    }
    if (width + token.width <= limit) {
      line.push(token);
      width += token.width;
      continue;
    }
    if (line.length === 0) {
      // Alone on a line and still too wide: break the word itself.
      queue.unshift(...splitWord(token, limit, measure));
      const first = queue.shift()!;
      line.push(first);
      width = first.width;
      continue;
    }
    // Keep closing punctuation with the character before it, and opening punctuation with the one after.
    const carry: Token[] = [];
    const last = line[line.length - 1]!;
    if ((NO_START.test(token.text) || NO_END.test(last.text)) && line.length > 1 && !last.space) {
      carry.push(line.pop()!);
      width -= last.width;
    }
    push();
    queue.unshift(...carry, token);
  }
  push();
  return lines.map((l) => l.map((t) => t.text).join(''));
}

/** Breaks `text` into lines no wider than `limit` (in font sizes, as `measure` answers). */
export function wrapText(text: string, limit: number, measure: Measure): string[] {
  return wrapTokens(tokenize(text.trim(), measure), limit, measure);
}

/** Keeps the first `keep` lines, the last one ending in an ellipsis that fits `limit`. */
function truncate(lines: string[], keep: number, limit: number, measure: Measure): string[] {
  const kept = lines.slice(0, keep);
  const last = Array.from(kept[keep - 1] ?? '');
  while (last.length > 0 && measure(last.join('').trimEnd() + '…') > limit) last.pop();
  kept[keep - 1] = last.join('').trimEnd() + '…';
  return kept;
}

const heightOf = (lines: number, size: number) =>
  size * (LINE_ASCENT + LINE_DESCENT + LINE_PITCH * Math.max(0, lines - 1));

/**
 * The largest size, from `startSize` down in 5% steps to the floor, at which the wrapped text fits
 * the box; at the floor, the lines that fit with an ellipsis. Null when not even one line of the
 * floor size fits the box (the caller keeps the original text then).
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  measure: Measure,
  options: FitOptions,
): FittedText | null {
  const floor = Math.min(options.minSize ?? MIN_FONT_SIZE, options.startSize);
  if (heightOf(1, floor) > box.height || measure('…') * floor > box.width) return null;
  const tokens = tokenize(text.trim(), measure);
  const total = tokens.reduce((sum, t) => sum + t.width, 0);
  const result = (size: number, lines: string[], truncated: boolean): FittedText => ({
    size,
    lines,
    firstBaseline: LINE_ASCENT * size,
    pitch: LINE_PITCH * size,
    truncated,
  });

  for (let size = options.startSize; ; size = Math.max(floor, size * 0.95)) {
    const limit = box.width / size;
    const maxLines = Math.floor((box.height / size - LINE_ASCENT - LINE_DESCENT) / LINE_PITCH) + 1;
    // Skip the wrapping when the text cannot fit even if every line were full.
    if (total <= limit * maxLines * 1.0001 || size === floor) {
      const lines = wrapTokens(tokens, limit, measure);
      if (lines.length <= maxLines) return result(size, lines, false);
      if (size === floor) return result(size, truncate(lines, maxLines, limit, measure), true);
    }
    if (size === floor) break;
  }
  return null;
}
