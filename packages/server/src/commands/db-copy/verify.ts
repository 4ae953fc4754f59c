import { SearchRequest, type SearchResponse } from '@rl/contract';
import type { SearchService } from '../../modules/search/service.js';
import { tokenize } from '../../text/segment.js';
import type { TableName } from './tables.js';

/** One line of what db:copy compared before it said done. */
export interface Check {
  what: string;
  source: string;
  target: string;
  ok: boolean;
}

/** Rows per table on both sides. */
export async function compareCounts(
  tables: TableName[],
  source: { count(t: TableName): Promise<number> },
  target: { count(t: TableName): Promise<number> },
): Promise<Check[]> {
  const checks: Check[] = [];
  for (const t of tables) {
    const [a, b] = [await source.count(t), await target.count(t)];
    checks.push({ what: `rows of ${t}`, source: String(a), target: String(b), ok: a === b });
  }
  return checks;
}

const HAN_WORD = /^\p{Script=Han}{2,}$/u;
const LATIN_WORD = /^\p{Script=Latin}{4,}$/u;

/**
 * Up to `n` words to search for, the longest of each title: half Chinese when Chinese titles are
 * there, the rest English (or whichever the library has).
 */
export function sampleWords(titles: string[], n = 10): string[] {
  const longest = (pattern: RegExp) => {
    const words = new Set<string>();
    for (const title of titles) {
      const word = tokenize(title)
        .filter((t) => pattern.test(t))
        .sort((a, b) => b.length - a.length)[0];
      if (word) words.add(word);
    }
    return [...words];
  };
  const zh = longest(HAN_WORD);
  const en = longest(LATIN_WORD);
  const zhCount = Math.min(zh.length, Math.max(Math.ceil(n / 2), n - en.length));
  return [...zh.slice(0, zhCount), ...en.slice(0, n - zhCount)];
}

const PAGE = 20;

/**
 * The same searches on both sides: the library's first page (newest first), each word, and the
 * first page of a user with private uploads (when `owner` is one). They must find the same number
 * of files and the same first page by date. By relevance the first pages may differ where scores
 * are close (SQLite ranks with FTS5's bm25, PostgreSQL with ts_rank): how many of the top files
 * agree is shown, not required.
 */
export async function compareSearches(
  words: string[],
  owner: string | null,
  source: SearchService,
  target: SearchService,
): Promise<Check[]> {
  const both = async (keyword: string, sorting: 'date_desc' | 'relevance', user: string | null = null) => {
    const req = SearchRequest.parse({ keyword, page_length: PAGE, sorting });
    return [await source.search(req, user), await target.search(req, user)] as const;
  };
  const byDate = (what: string, [a, b]: readonly [SearchResponse, SearchResponse]): Check => ({
    what,
    source: `${a.total_items} found`,
    target: `${b.total_items} found, ${sameOrder(a, b) ? 'same' : 'DIFFERENT'} first ${ids(a).length} by date`,
    ok: a.total_items === b.total_items && sameOrder(a, b),
  });
  const checks = [byDate('library, newest first', await both('', 'date_desc'))];
  for (const w of words) {
    const check = byDate(`search "${w}"`, await both(w, 'date_desc'));
    const [a, b] = await both(w, 'relevance');
    const agree = ids(a).filter((id) => ids(b).includes(id)).length;
    checks.push({
      ...check,
      target: `${check.target}, ${agree} of top ${ids(a).length} by relevance`,
      ok: check.ok && a.total_items === b.total_items,
    });
  }
  if (owner)
    checks.push(byDate('library of a user with private uploads', await both('', 'date_desc', owner)));
  return checks;
}

const ids = (r: SearchResponse) => r.file_list.map((f) => f.id);
const sameOrder = (a: SearchResponse, b: SearchResponse) => ids(a).join() === ids(b).join();
