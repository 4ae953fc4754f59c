import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { createChampions } from './champions.js';
import { isWidened } from './cross-lingual.js';
import type { FullTextEngine } from './full-text.js';
import { postgresFullText } from './postgres-search.js';
import { filterWhere } from './filter-sql.js';
import type { ListRow } from '../files/list-columns.js';
import { createListRows } from './list-rows.js';
import { createPrivateSearch } from './private.js';
import { readGeneration, readGenerationAnd } from './search-generation.js';
import { sqliteFullText } from './sqlite-search.js';
import { filesWhere } from '../files/visibility.js';
import { createLibraryCounts, FTS, ftsSeq } from './library-counts.js';
import { createRankedPages } from './ranked-pages.js';
import { byDate, createMergedByDate, directionOf } from './date-pages.js';
import { createLibraryFacets } from './library-facets.js';
import { createIndexWrites } from './index-writes.js';
import type { Run, SearchQuery } from './search-query.js';

export type { ListRow } from '../files/list-columns.js';

export { FACET_FIELDS, type FacetField } from './filter-sql.js';

export type { SearchQuery } from './search-query.js';

/**
 * Scoring matches exactly (bm25() on SQLite, ts_rank on PostgreSQL) costs a scan of each term's
 * whole posting list plus a few µs a match: fine for a rare word, 20-80 ms (SQLite) to 800 ms
 * (PostgreSQL) for a word found in 90,000 reports. Above EXACT_RANK_LIMIT matches,
 * relevance reads the champion lists instead (champions.ts); pages the lists cannot fill, title-only
 * searches and rare words are ranked exactly. total_items is always exact.
 */
const EXACT_RANK_LIMIT = 1000;

/** The full-text engine of the database: FTS5 on SQLite, tsvector on PostgreSQL. */
const engineOf = (db: Db): FullTextEngine =>
  dialectOf(db) === 'postgres' ? postgresFullText(db) : sqliteFullText(db);

/**
 * SQL of the library search, the same on both databases but for the full-text engine it is given
 * (full-text.ts). files_fts holds exactly the ready public files; a user's ready private uploads
 * are in private_fts (private.ts).
 */
export function createSearchRepo(db: Db, opts: { exactRankLimit?: number } = {}) {
  return createLibrarySearch(db, engineOf(db), opts);
}

/**
 * The library search composed of its steps: counts (cached per generation), ranked pages,
 * date pages merged with a viewer's uploads, facets, and the index writes.
 */
function createLibrarySearch(db: Db, engine: FullTextEngine, opts: { exactRankLimit?: number }) {
  const exactRankLimit = opts.exactRankLimit ?? EXACT_RANK_LIMIT;
  const generation = () => readGeneration(db);
  const counts = createLibraryCounts(db, engine, generation);
  const facets = createLibraryFacets(db, engine, generation);
  const { count, matchCount } = counts;
  const champions = createChampions(db);
  const own = createPrivateSearch(db, engine);
  const compile = (q: SearchQuery) => engine.compile(q.parsed, q.titleOnly ? 'title' : 'all');

  const { rows, pageInOrder } = createListRows(db, engine);
  const { rankedPage, typedFirst } = createRankedPages(db, engine, {
    counts,
    champions,
    rows,
    exactRankLimit,
    compile,
  });
  const mergedByDate = createMergedByDate(db, own, rows);

  return {
    /** The search generation: what the service keys its cached pages on. */
    generation,

    /**
     * A page of the library's matches and their count. `known`: the search generation the
     * caller read for this request (read here otherwise); every cached count is taken at it.
     */
    async search(query: SearchQuery, known?: string): Promise<{ rows: ListRow[]; total: number }> {
      const q: Run = { ...query, generation: known ?? (await generation()) };
      const where = filterWhere(q.filter);
      const dateOrder = sql`f.publish_date ${byDate(q)}, f.seq ${directionOf(q)}`;
      const match = compile(q);
      /** One page of `from` in date order, with the rows' details (and highlights when matched). */
      const pageByDate = async (from: RawBuilder<unknown>, matched: boolean, total: number) => ({
        rows: await pageInOrder(from, dateOrder, q, matched),
        total,
      });

      if (match === null) {
        const from = sql`FROM files f WHERE ${filesWhere().inLibrary}${where ? sql` AND ${where}` : sql``}`;
        const total = await count(sql`SELECT count(*) AS n ${from}`, q.generation);
        if (q.ownerId) return mergedByDate(from, null, where, total, q);
        return pageByDate(from, false, total);
      }

      const total = await matchCount(match, where, q.generation);
      if (q.sorting !== 'relevance') {
        const from = sql`FROM ${FTS} JOIN files f ON f.seq = ${ftsSeq}
          WHERE ${engine.matches('files_fts', match)} ${where ? sql`AND ${where}` : sql``}`;
        if (q.ownerId) return mergedByDate(from, match, where, total, q);
        if (total === 0 || q.offset >= total) return { rows: [], total };
        return pageByDate(from, true, total);
      }
      if (total === 0 || q.offset >= total || q.limit === 0) return { rows: [], total };
      const page = isWidened(q.parsed)
        ? await typedFirst(match, where, q)
        : await rankedPage(match, where, q, total);
      return { rows: page, total };
    },

    facets,

    /** The search generation, and whether a user has a ready private upload (one statement). */
    async viewerState(ownerId: string): Promise<{ generation: string; hasPrivate: boolean }> {
      const read = await readGenerationAnd(db, own.hasSql(ownerId));
      return { generation: read.generation, hasPrivate: read.holds };
    },
    /** A user's private matches of a keyword search, best first (empty without a keyword). */
    async privateRanked(q: SearchQuery, ownerId: string): Promise<number[]> {
      const match = compile(q);
      return match === null ? [] : own.ranked(ownerId, q.parsed, match, filterWhere(q.filter));
    },
    /** List rows of private uploads, in the order given, marked `mine`. */
    async privateRows(seqs: number[]): Promise<ListRow[]> {
      return (await rows(seqs, true, 'private_fts')).map((r) => ({ ...r, mine: true }));
    },

    ...createIndexWrites(db, engine, champions),
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
