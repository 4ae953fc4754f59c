import type { Box } from './types.js';

/** A horizontal pdf.js text item in page user space. */
export interface TextRun {
  str: string;
  /** Origin of the text: left end of the baseline. */
  x: number;
  baseline: number;
  width: number;
  size: number;
  /** Extent of the font above and below the baseline, in font sizes (both positive). */
  ascent: number;
  descent: number;
  hasEOL: boolean;
}

/** A paragraph or table cell: lines stacked in one column. */
export interface GroupedBlock {
  box: Box;
  fontSize: number;
  text: string;
  lines: number;
}

/** Consecutive runs on one baseline with word-sized gaps: one line of a paragraph or a table cell. */
interface Fragment {
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
  ascent: number;
  descent: number;
  /** The next fragment to the right on the same baseline (a table's next cell, the next column). */
  next?: Fragment;
  /** What the line is painted on (see GroupOptions.groundOf), once asked. */
  ground?: string;
}

export interface GroupOptions {
  /**
   * A key for what a line's box is painted on (its background colour). Lines on different grounds
   * never join one block: a heading on a coloured band and the table row under it on the page would
   * otherwise share one cover, which cannot suit both.
   */
  groundOf?(box: Box): string;
}

interface Block {
  lines: Fragment[];
  x0: number;
  x1: number;
}

/** A gap wider than this many font sizes ends a fragment: a table column or a layout column. */
const CELL_GAP = 1.2;
/** Consecutive lines of a paragraph sit this many font sizes apart (normal leading is about 1.2). */
const MIN_PITCH = 0.6;
const MAX_PITCH = 2.3;

const LIST_MARKER = /^(?:[•·▪●○◦■□➢►–—*-]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s/;
const hasWords = (text: string) => /[A-Za-z]{2,}|\p{Script=Han}/u.test(text);

function isCapitals(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.length >= 4 && letters.replace(/[^A-Z]/g, '').length / letters.length >= 0.8;
}

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Whether a space goes between two runs: a blank run or a gap, but never inside Chinese text. */
function needsSpace(before: string, after: string, gap: number, size: number, blank: boolean): boolean {
  if (/\s$/.test(before) || /^\s/.test(after) || before === '') return false;
  const cjk = CJK.test(before.slice(-1)) && CJK.test(after.charAt(0));
  return cjk ? gap > size : blank || gap > size * 0.15;
}

/** Splits the runs (in content-stream order) into fragments. */
function fragmentsOf(runs: readonly TextRun[]): Fragment[] {
  const out: Fragment[] = [];
  let current: (Fragment & { space: boolean }) | undefined;
  const close = () => {
    if (current && current.text.trim() !== '') {
      out.push({ ...current, text: current.text.replace(/\s+/g, ' ').trim() });
    }
    current = undefined;
  };
  for (const run of runs) {
    if (run.str.trim() === '') {
      if (current) current.space = true;
      if (run.hasEOL) close();
      continue;
    }
    const size = Math.max(current?.size ?? 0, run.size);
    const gap = current ? run.x - current.x1 : 0;
    const joins =
      current !== undefined &&
      Math.abs(run.baseline - current.baseline) <= size / 2 &&
      gap >= -size / 2 &&
      gap <= size * CELL_GAP;
    if (current && joins) {
      if (needsSpace(current.text, run.str, gap, size, current.space)) current.text += ' ';
      current.text += run.str;
      current.x1 = Math.max(current.x1, run.x + run.width);
      current.size = size;
      current.ascent = Math.max(current.ascent, run.ascent);
      current.descent = Math.max(current.descent, run.descent);
      current.space = false;
    } else {
      close();
      current = {
        text: run.str,
        x0: run.x,
        x1: run.x + run.width,
        baseline: run.baseline,
        size: run.size,
        ascent: run.ascent,
        descent: run.descent,
        space: false,
      };
    }
    if (run.hasEOL) close();
  }
  close();
  return out;
}

/** Top-to-bottom, left-to-right, with each fragment linked to its right-hand neighbour. */
function sortAndLink(fragments: Fragment[]): Fragment[] {
  const sorted = [...fragments].sort((a, b) => b.baseline - a.baseline || a.x0 - b.x0);
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const g = sorted[j]!;
      if (f.baseline - g.baseline > Math.max(f.size, g.size) * 0.3) break;
      if (g.x0 >= f.x1 - 1 && (!f.next || g.x0 < f.next.x0)) f.next = g;
    }
    // Rows are sorted by x only within equal baselines, so look back as well.
    for (let j = i - 1; j >= 0; j--) {
      const g = sorted[j]!;
      if (g.baseline - f.baseline > Math.max(f.size, g.size) * 0.3) break;
      if (g.x0 >= f.x1 - 1 && (!f.next || g.x0 < f.next.x0)) f.next = g;
    }
  }
  return sorted;
}

/**
 * Whether `f` continues `block` as its next line: right below at the block's line pitch, in the
 * same column and font size, and the block's last line was wrapped, i.e. it ran out of room
 * (it would not have had space for f's first word). The last test keeps table rows apart: a row
 * label ends long before the next cell of its row.
 */
function continues(block: Block, f: Fragment, options: GroupOptions): boolean {
  const last = block.lines[block.lines.length - 1]!;
  const size = Math.max(last.size, f.size);
  if (Math.abs(last.size - f.size) > size * 0.15) return false;
  const drop = last.baseline - f.baseline;
  if (drop < size * MIN_PITCH || drop > size * MAX_PITCH) return false;
  if (block.lines.length >= 2) {
    const pitch = block.lines[block.lines.length - 2]!.baseline - last.baseline;
    if (Math.abs(drop - pitch) > size * 0.25) return false;
    if (Math.abs(f.x0 - last.x0) > size * 0.6) return false;
  } else {
    // A first-line indent (the next line starts further left) is allowed; a next line starting
    // further right only after a bullet or a list number (a hanging indent): in tables, an
    // indented line is a sub-item of the row above, not its continuation.
    const hanging = LIST_MARKER.test(last.text) ? size * 3 : size * 0.6;
    if (f.x0 < last.x0 - size * 4 || f.x0 > last.x0 + hanging) return false;
  }
  if (f.x0 >= last.x1 || f.x1 <= last.x0) return false;
  // A wrapped line holds more than one word (cells of one word each are table rows).
  if (!/\s/.test(last.text) && !CJK.test(last.text)) return false;
  // Headings in capitals stand above their text; words never continue a column of numbers.
  if (isCapitals(last.text) !== isCapitals(f.text) || hasWords(last.text) !== hasWords(f.text)) return false;

  if (options.groundOf && groundOf(last, options.groundOf) !== groundOf(f, options.groundOf)) return false;

  let right = Math.max(block.x1, f.x1);
  if (last.next) right = Math.max(right, last.next.x0 - size * 1.5);
  const firstWord = /^\S+/.exec(f.text)?.[0] ?? '';
  const firstWordWidth = ((f.x1 - f.x0) * firstWord.length) / Math.max(1, f.text.length);
  return last.x1 + size * 0.25 + firstWordWidth > right;
}

const lineBox = (f: Fragment): Box => {
  const bottom = f.baseline - f.descent * f.size;
  return { x: f.x0, y: bottom, width: f.x1 - f.x0, height: f.baseline + f.ascent * f.size - bottom };
};

function groundOf(f: Fragment, of: (box: Box) => string): string {
  return (f.ground ??= of(lineBox(f)));
}

function joinLines(lines: readonly Fragment[]): string {
  let text = '';
  for (const line of lines) {
    if (text === '') text = line.text;
    else if (/[a-z]-$/.test(text) && /^[a-z]/.test(line.text)) text = text.slice(0, -1) + line.text;
    else if (CJK.test(text.slice(-1)) && CJK.test(line.text.charAt(0))) text += line.text;
    else text += ' ' + line.text;
  }
  return text;
}

function toGrouped(block: Block): GroupedBlock {
  const top = Math.max(...block.lines.map((l) => l.baseline + l.ascent * l.size));
  const bottom = Math.min(...block.lines.map((l) => l.baseline - l.descent * l.size));
  // The size that most of the characters use.
  const weight = new Map<number, number>();
  for (const l of block.lines) weight.set(l.size, (weight.get(l.size) ?? 0) + l.text.length);
  const fontSize = [...weight].sort((a, b) => b[1] - a[1])[0]![0];
  return {
    box: { x: block.x0, y: bottom, width: block.x1 - block.x0, height: top - bottom },
    fontSize,
    text: joinLines(block.lines),
    lines: block.lines.length,
  };
}

/**
 * Groups the horizontal text runs of a page (in content-stream order) into lines, then lines into
 * paragraphs and table cells, each with its bounding box. Blocks come out top to bottom.
 */
export function groupBlocks(runs: readonly TextRun[], options: GroupOptions = {}): GroupedBlock[] {
  const blocks: Block[] = [];
  let open: Block[] = [];
  for (const f of sortAndLink(fragmentsOf(runs))) {
    // Blocks whose last line is far above can no longer continue.
    open = open.filter((b) => b.lines[b.lines.length - 1]!.baseline - f.baseline <= f.size * MAX_PITCH * 2);
    const into = open
      .filter((b) => continues(b, f, options))
      .sort((a, b) => Math.abs(a.x0 - f.x0) - Math.abs(b.x0 - f.x0))[0];
    if (into) {
      into.lines.push(f);
      into.x0 = Math.min(into.x0, f.x0);
      into.x1 = Math.max(into.x1, f.x1);
    } else {
      const block = { lines: [f], x0: f.x0, x1: f.x1 };
      blocks.push(block);
      open.push(block);
    }
  }
  return blocks.map(toGrouped);
}
