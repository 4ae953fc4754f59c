import { findDates } from './dates.js';
import { withoutRepeats } from './research/cover-text-lines.js';

/**
 * Where a fact read from a document was printed: its page (1-based, as stored) and the line or
 * table cell the rule read it from. `unsure` marks a fact a weaker rule guessed (prose rather
 * than a data box, a fallback), so a person checks it first.
 */
export interface FactSource {
  page: number;
  text: string;
  unsure?: boolean;
}

/** Lines longer than this are cut: a source shows where a fact is, not the page's paragraph. */
const MAX_SOURCE_CHARS = 200;

const tidy = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  const chars = [...one];
  return chars.length > MAX_SOURCE_CHARS ? `${chars.slice(0, MAX_SOURCE_CHARS - 1).join('')}…` : one;
};

/** A source on page `page`; `unsure` only when set, so stored sources stay small. */
export function sourceAt(page: number, text: string, unsure = false): FactSource {
  return unsure ? { page, text: tidy(text), unsure: true } : { page, text: tidy(text) };
}

/** The same source, marked as a guess. */
export const unsureOf = (source: FactSource | null | undefined): FactSource | null =>
  source ? { ...source, unsure: true } : null;

/** The line of `text` around [start, end): a match of a pattern run over lines joined by `\n`. */
export function lineAround(text: string, start: number, end = start): string {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', end);
  return text.slice(from, to < 0 ? text.length : to).replace(/\n/g, ' ');
}

const folded = (s: string): string => withoutRepeats(s).replace(/\s+/g, '').toLowerCase();

/**
 * The line of the given pages (1-based numbers, in the order given) that prints `value`, ignoring
 * spaces and case: on the first page that prints it, its first line, or with `shortest` the
 * shortest (a name in the author block rather than in a sentence). A value printed over two lines
 * is found by its first line's part.
 */
export function printedAt(
  pages: readonly string[],
  value: string,
  pageNumbers: readonly number[] = pages.map((_, i) => i + 1),
  unsure = false,
  opts: { shortest?: boolean } = {},
): FactSource | null {
  const wanted = folded(value);
  if (wanted.length < 2) return null;
  for (const n of pageNumbers) {
    const lines = (pages[n - 1] ?? '').split('\n');
    const found: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      const here = folded(line);
      if (here === '') continue;
      // A title wrapped over lines: this line opens it and the next goes on with it.
      const wrapped =
        here.length >= 6 &&
        wanted.startsWith(here) &&
        wanted.includes(folded(lines[i + 1] ?? '').slice(0, 6));
      if (here.includes(wanted) || wrapped) found.push(line);
      if (found.length > 0 && !opts.shortest) break;
    }
    const best = opts.shortest ? found.sort((a, b) => folded(a).length - folded(b).length)[0] : found[0];
    if (best !== undefined) return sourceAt(n, best, unsure);
  }
  return null;
}

/** The first line of the given pages that prints the day `iso` (YYYY-MM-DD), in any format. */
export function dateAt(
  pages: readonly string[],
  iso: string,
  pageNumbers: readonly number[],
  unsure = false,
): FactSource | null {
  for (const n of pageNumbers) {
    for (const line of (pages[n - 1] ?? '').split('\n')) {
      if (findDates(line).some((d) => d.iso === iso)) return sourceAt(n, line, unsure);
    }
  }
  return null;
}
