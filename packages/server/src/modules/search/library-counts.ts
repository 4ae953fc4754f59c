import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FullTextEngine } from './full-text.js';
import { createGenerationCache } from './generation-cache.js';

/**
 * Exact counts of matches are the fixed cost of every search (about 5-15 ms for a common word over
 * 100,000 reports): remembered per query while the search generation stays.
 */
export const CACHED_COUNTS = 2000;

/** The library's index and its row id, as SQL. */
export const FTS = sql.raw('files_fts');
export const ftsSeq = sql.raw('files_fts.rowid');

/** The library's matches and their counts, cached per query at the search generation. */
export function createLibraryCounts(db: Db, engine: FullTextEngine, generation: () => Promise<string>) {
  const countCache = createGenerationCache<number>(generation, CACHED_COUNTS);
  /** A count of the library at `gen`, the generation read once for the search it serves. */
  const count = (query: RawBuilder<{ n: number }>, gen: string): Promise<number> => {
    const compiled = query.compile(db);
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    return countCache.get(key, async () => Number((await query.execute(db)).rows[0]?.n ?? 0), gen);
  };

  /** FROM and WHERE of the library's matches, joined to `files f` when filtered. */
  const matching = (match: string, where: RawBuilder<unknown> | null) =>
    where
      ? sql`FROM ${FTS} JOIN files f ON f.seq = ${ftsSeq} WHERE ${engine.matches('files_fts', match)} AND ${where}`
      : sql`FROM ${FTS} WHERE ${engine.matches('files_fts', match)}`;

  const matchCount = (match: string, where: RawBuilder<unknown> | null, gen: string) =>
    count(sql`SELECT count(*) AS n ${matching(match, where)}`, gen);

  return { count, matching, matchCount };
}
export type LibraryCounts = ReturnType<typeof createLibraryCounts>;
