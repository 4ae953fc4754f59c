import { SavedSearch } from '@rl/contract';
import { tokenize } from '../../text/segment.js';
import { jsonList, type FileRow } from '../files/presenter.js';
import { companyRows } from '../files/research-rows.js';
import { foldName } from '@rl/contract/text-fold';
import { searchWords } from './follow-targets.js';
import type { FollowsRepo, ReportKeys } from './repo.js';

/** What the matching reads of a report: its row and its pages' text. */
export interface ReportToMatch {
  row: FileRow;
  pages: string[];
}

/** The keys a report is looked up under, per kind of follow: its subject companies only. */
export function reportKeys(row: FileRow): ReportKeys {
  return {
    company: [...new Set(companyRows(row.stock_information).map((c) => c.ticker.toUpperCase()))],
    issuer: row.issuer ? [foldName(row.issuer)] : [],
    sector: row.sector ? [row.sector] : [],
    analyst: [...new Set(jsonList(row.authors).map(foldName).filter(Boolean))],
  };
}

/** The report's words, as the search index has them: its catalogue fields and its text. */
function reportWords(report: ReportToMatch): Set<string> {
  const r = report.row;
  // The companies an industry note mentions are words of it as search finds them, though no
  // company's follow takes the note for theirs (reportKeys).
  const companies = [r.stock_information, r.mentioned_companies]
    .flatMap((json) => companyRows(json))
    .flatMap((c) => [c.ticker, c.company_name]);
  const fields = [
    r.title,
    r.issuer,
    ...jsonList(r.authors),
    ...jsonList(r.tags),
    ...jsonList(r.keywords),
    ...companies,
  ];
  return new Set(tokenize([...fields, ...report.pages].join('\n')));
}

/** The terms a saved search may be indexed under that this report carries (follow-targets.ts). */
function anchorsOf(keys: ReportKeys, words: Set<string>): string[] {
  return [
    ...words,
    ...keys.company.map((t) => `ticker:${t}`),
    ...keys.issuer.map((i) => `issuer:${i}`),
    ...keys.sector.map((s) => `sector:${s}`),
    '*',
  ];
}

/**
 * Who a new report reaches, and through which follows: a map from user to follow ids. `ownerOnly`:
 * the report is an upload only its owner sees (files/visibility.ts, audienceOf). Follows of a company, broker,
 * sector or analyst are looked up by key; saved searches by the report's words (follow_terms),
 * then kept when the report carries all their words and passes their filters.
 */
export async function matchReport(
  follows: Pick<FollowsRepo, 'following' | 'searchesUnder' | 'passingFilters'>,
  report: ReportToMatch,
  ownerOnly: string | null,
): Promise<Map<string, string[]>> {
  const keys = reportKeys(report.row);
  const words = reportWords(report);
  const matches = await follows.following(keys, ownerOnly);
  const worded = (await follows.searchesUnder(anchorsOf(keys, words), ownerOnly))
    .map((candidate) => ({ candidate, search: SavedSearch.parse(JSON.parse(candidate.search ?? '{}')) }))
    .filter(({ search }) => searchWords(search).every((w) => words.has(w)));
  // Every candidate's filters at once, not a query per saved search.
  const passed = await follows.passingFilters(
    report.row.seq,
    worded.map(({ search }) => search.filter),
  );
  worded.forEach(({ candidate }, i) => {
    if (passed[i]) matches.push({ user_id: candidate.user_id, follow_id: candidate.id });
  });
  const byUser = new Map<string, string[]>();
  for (const m of matches) {
    const ids = byUser.get(m.user_id) ?? [];
    if (!ids.includes(m.follow_id)) ids.push(m.follow_id);
    byUser.set(m.user_id, ids);
  }
  return byUser;
}
