/** The part of a pdf.js text item that line reconstruction needs. */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, e, f]: the text matrix; (e, f) is the origin, (a, b) the baseline direction. */
  transform: number[];
  width: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  /** Position across the baseline (y for horizontal text) and the angle of the baseline. */
  across: number;
  angle: number;
  size: number;
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
  const lines: Line[] = [];
  let current: Line | null = null;

  const flush = () => {
    if (current && current.text.trim() !== '') lines.push(current);
    current = null;
  };

  for (const item of items) {
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
        current = { text: item.str, across, angle, size, end: along + item.width };
      }
    }
    if (item.hasEOL) flush();
  }
  flush();

  return joinLines(lines);
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

function needsSpace(before: string, after: string, gap: number, size: number): boolean {
  if (/\s$/.test(before) || /^\s/.test(after)) return false;
  // Chinese has no spaces between words: only a wide gap (a table column) separates them.
  const cjk = CJK.test(before.slice(-1)) && CJK.test(after.charAt(0));
  return gap > size * (cjk ? 1 : 0.2);
}

function joinLines(lines: readonly Line[]): string {
  const pitch = usualPitch(lines);
  const out: string[] = [];
  let previous: Line | undefined;
  for (const line of lines) {
    if (previous && Math.abs(previous.angle - line.angle) < 0.01) {
      const drop = previous.across - line.across;
      const size = Math.max(previous.size, line.size);
      const paragraph = drop > Math.max(size * PARAGRAPH_GAP, pitch * PARAGRAPH_PITCH);
      if (paragraph || drop < -size * BLOCK_JUMP) out.push('');
    }
    out.push(line.text.replace(/[ \t\u00a0]+/g, ' ').trim());
    previous = line;
  }
  return out.join('\n');
}
