import { sql, type RawBuilder } from 'kysely';
import type { ParsedQuery } from './fts-query.js';
import type { FullTextEngine, FullTextTable, MatchScope } from './full-text.js';

/**
 * Terms of a query that the tiers look at. Each costs one more look-up per query; a longer query
 * is ranked on its first terms (and on the engine's score for all of them).
 */
const TIER_TERMS = 8;

/**
 * The order of relevance, the same on both databases: first by how many of the query's terms the
 * title holds, then by how many the title and metadata (issuer, authors, tags) hold, then by the
 * engine's score (bm25() / ts_rank over all three fields), then newest first. A word found as
 * typed counts more than a longer word it begins: "copper" ranks the title "Copper" above the
 * issuer "Copperline Research".
 *
 * The engine's score alone cannot keep a title match above body-only matches: both saturate on a
 * word a report repeats (a report on rates names inflation forty times), so reports about a word
 * tie with reports that mention it often, and the tie went to the newest. The tiers say what a
 * reader expects: the report whose title is the query comes first.
 *
 * `table` must be in the query under its own name; `match` is the query compiled for `scope`.
 */
export function bestFirst(
  engine: FullTextEngine,
  table: FullTextTable,
  q: ParsedQuery,
  match: string,
): RawBuilder<unknown> {
  const has = (term: ParsedQuery['terms'][number], scope: MatchScope) =>
    engine.alsoMatches(table, engine.compile({ terms: [term] }, scope) ?? '');
  /** A word as typed counts 2, a longer word it begins (the last term's prefix) 1. */
  const termsIn = (scope: MatchScope) =>
    sql.join(
      q.terms.slice(0, TIER_TERMS).map((term) => {
        const exact = has({ ...term, prefix: false }, scope);
        return term.prefix
          ? sql`CASE WHEN ${exact} THEN 2 WHEN ${has(term, scope)} THEN 1 ELSE 0 END`
          : sql`CASE WHEN ${exact} THEN 2 ELSE 0 END`;
      }),
      sql` + `,
    );
  const seq = sql.raw(`${table}.rowid`);
  if (q.terms.length === 0) return sql`${engine.score(table, match)}, ${seq} DESC`;
  return sql`(${termsIn('title')}) DESC, (${termsIn('head')}) DESC, ${engine.score(table, match)}, ${seq} DESC`;
}
