import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/*
 * How many of the words a reader sees our extracted text holds, measured against poppler's
 * pdftotext (an independent reader). Words are counted with repetition: a word our text holds
 * three times where pdftotext finds it once (text drawn several times over) counts once.
 *
 * Tokens, the same for both texts after NFKC folding and lower-casing:
 * - a word: a run of letters and digits of any script but Han (so "first", "2023", "résumé");
 * - a Han character bigram: two Han characters in a row within a run of Han text ("年度报告" gives
 *   年度, 度报, 报告; a lone character counts as itself). Bigrams rather than characters, so a text
 *   that loses or doubles characters, or scrambles their order, shows.
 */

export interface Coverage {
  /** Tokens of our text and of pdftotext's. */
  ours: number;
  theirs: number;
  /** Tokens both hold (with repetition: the smaller of the two counts of each). */
  shared: number;
}

const HAN = /\p{Script=Han}/u;
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** The token counts of a text, as defined above. */
export function tokenCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (token: string) => counts.set(token, (counts.get(token) ?? 0) + 1);
  for (const run of text.normalize('NFKC').toLowerCase().match(TOKEN) ?? []) {
    // Split a run into its Han and other parts: "2023年度" is the word 2023 and the bigram 年度.
    for (const part of run.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) {
      if (!HAN.test(part)) {
        add(part);
        continue;
      }
      const chars = [...part];
      if (chars.length === 1) add(part);
      for (let i = 1; i < chars.length; i++) add(`${chars[i - 1]}${chars[i]}`);
    }
  }
  return counts;
}

export function coverage(ours: string, theirs: string): Coverage {
  const a = tokenCounts(ours);
  const b = tokenCounts(theirs);
  let shared = 0;
  for (const [token, n] of a) shared += Math.min(n, b.get(token) ?? 0);
  return { ours: total(a), theirs: total(b), shared };
}

function total(counts: Map<string, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n;
  return sum;
}

/** Share of our tokens that pdftotext also finds (our text invents or repeats nothing). */
export function precision(c: Coverage): number {
  return c.ours === 0 ? 1 : c.shared / c.ours;
}

/** Share of pdftotext's tokens that our text also holds (our text loses nothing). */
export function recall(c: Coverage): number {
  return c.theirs === 0 ? 1 : c.shared / c.theirs;
}

/** Adds up the counts of several files, for a share over all their words. */
export function sumCoverage(list: readonly Coverage[]): Coverage {
  return list.reduce(
    (s, c) => ({ ours: s.ours + c.ours, theirs: s.theirs + c.theirs, shared: s.shared + c.shared }),
    {
      ours: 0,
      theirs: 0,
      shared: 0,
    },
  );
}

/** Whether a text is mostly Chinese: more Han characters than letters of other scripts. */
export function isChinese(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const other = text.match(/[^\P{L}\p{Script=Han}]/gu)?.length ?? 0;
  return han > other;
}

/**
 * The text of a PDF as poppler's pdftotext reads it (reading order, pages separated by form
 * feeds), or null when poppler cannot read it in `timeoutMs` (it hangs on some broken files).
 * pdftotext 22 sometimes gives up on the rest of a document after a page and prints nothing more
 * for it, although each of those pages reads on its own: blank pages are read again one by one.
 */
export async function popplerText(path: string, timeoutMs = 30_000): Promise<string | null> {
  const whole = await pdftotext(path, [], timeoutMs);
  if (whole === null) return null;
  const pages = whole.split('\f');
  // The text ends with a form feed: the last piece is not a page.
  if (pages.length > 1) pages.pop();
  const blank = pages.flatMap((text, i) => (text.trim() === '' ? [i + 1] : []));
  // A scan is blank throughout: reading it again page by page would find nothing either.
  if (blank.length === pages.length) return whole;
  for (const n of blank) {
    const page = await pdftotext(path, ['-f', String(n), '-l', String(n)], timeoutMs);
    if (page) pages[n - 1] = page.replace(/\f$/, '');
  }
  return pages.join('\f');
}

async function pdftotext(path: string, args: string[], timeoutMs: number): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', ...args, path, '-'], {
      timeout: timeoutMs,
      maxBuffer: 256 * 1024 * 1024,
      killSignal: 'SIGKILL',
    });
    return stdout;
  } catch {
    return null;
  }
}
