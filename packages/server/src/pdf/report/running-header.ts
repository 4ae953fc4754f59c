import { isBoilerplateLine, isDataLine } from './boilerplate-line.js';

const MONTH_YEAR =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+((?:19|20)\d{2})\b/i;
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'to', 'a', 'an', 'at', 'by']);

/**
 * Small capitals come out of some PDFs as "MONETARy POLICy REPORT": a line printed in capitals
 * is set in title case ("Monetary Policy Report").
 */
export function recaseCapitals(line: string): string {
  const letters = line.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((c) => c !== c.toLowerCase()).length;
  if (letters.length === 0 || upper < letters.length * 0.75) return line;
  return line
    .split(' ')
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** A page's first line without the page number printed beside it. */
function header(page: string): string {
  const first = page.split('\n').find((l) => l.trim()) ?? '';
  return first
    .trim()
    .replace(/^\d{1,4}\s+|\s+\d{1,4}$/g, '')
    .trim();
}

/**
 * A publication's name as its running header repeats it on page after page ("MONETARY POLICY
 * REPORT: JULY 2024 7"): for documents whose first page has no title of its own (an excerpt).
 * Of several running headers (publication on odd pages, section on even ones) the one that
 * names an issue date wins, then the most frequent.
 */
export function runningHeaderTitle(pages: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const page of pages.slice(0, 12)) {
    const line = header(page);
    if (line.length < 8 || line.length > 120 || isBoilerplateLine(line) || isDataLine(line)) continue;
    if ((line.match(/\p{L}{2,}/gu)?.length ?? 0) < 2) continue;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const repeated = [...counts].filter(([, n]) => n >= 3);
  repeated.sort((a, b) => Number(MONTH_YEAR.test(b[0])) - Number(MONTH_YEAR.test(a[0])) || b[1] - a[1]);
  const best = repeated[0]?.[0];
  return best ? recaseCapitals(best) : null;
}

/** "Monetary Policy Report: July 2024" names its month: the first day of it, YYYY-MM-DD. */
export function monthNamed(title: string): string | null {
  const m = MONTH_YEAR.exec(title);
  if (!m?.[1] || !m[2]) return null;
  const month = new Date(`${m[1]} 1, 2000`).getMonth() + 1;
  return `${m[2]}-${String(month).padStart(2, '0')}-01`;
}
