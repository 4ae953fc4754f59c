import { sql, type RawBuilder } from 'kysely';
import type { SearchFilter, Sorting } from '@rl/contract';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { createChampions, listUnits } from './champions.js';
import { isWidened, typedQuery } from './cross-lingual.js';
import type { ParsedQuery } from './fts-query.js';
import type { FullTextEngine, IndexedText } from './full-text.js';
import { foldHan } from './han-fold.js';
import { foldCompatibility, foldText, tokensSource } from './match-patterns.js';
import { postgresFullText } from './postgres-search.js';
import { createGenerationCache } from './generation-cache.js';
import { FACET_FIELDS, filterWhere, type FacetField } from './filter-sql.js';
import { createListRows, type ListRow } from './list-rows.js';
import { createPrivateSearch } from './private.js';
import { bestFirst } from './relevance.js';
import { readGeneration, readGenerationAnd } from './search-generation.js';
import { segmentText } from './segment.js';
import { sqliteFullText } from './sqlite-search.js';

export { columnsOfF, type ListRow } from './list-rows.js';

export { FACET_FIELDS, type FacetField } from './filter-sql.js';

/**
 * Scoring matches exactly (bm25() on SQLite, ts_rank on PostgreSQL) costs a scan of each term's
 * whole posting list plus a few µs a match: fine for a rare word, 20-80 ms (SQLite) to 800 ms
 * (PostgreSQL) for a word found in 90,000 reports. Above EXACT_RANK_LIMIT matches,
 * relevance reads the champion lists instead (champions.ts); pages the lists cannot fill, title-only
 * searches and rare words are ranked exactly. total_items is always exact.
 */
const EXACT_RANK_LIMIT = 1000;
const CHAMPION_MAX_OFFSET = 400;
/** List depth when lists must be intersected, filtered or phrase-checked. */
const CHAMPION_DEPTH = 4000;
/**
 * Exact counts of matches are the fixed cost of every search (about 5-15 ms for a common word over
 * 100,000 reports): remembered per query while the search generation stays.
 */
const CACHED_COUNTS = 2000;

export interface SearchQuery {
  parsed: ParsedQuery;
  titleOnly: boolean;
  filter: SearchFilter;
  sorting: Sorting;
  limit: number;
  offset: number;
  /**
   * A viewer with ready private uploads: with date sorting (and the landing list) their matches
   * are merged into the page by date. With relevance the service puts them first.
   */
  ownerId?: string | null;
}

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

/** A search under way: its query and the search generation it reads the library at. */
type Run = SearchQuery & { generation: string };

function createLibrarySearch(db: Db, engine: FullTextEngine, opts: { exactRankLimit?: number }) {
  const exactRankLimit = opts.exactRankLimit ?? EXACT_RANK_LIMIT;
  const generation = () => readGeneration(db);
  const countCache = createGenerationCache<number>(generation, CACHED_COUNTS);
  const facetCache = createGenerationCache<{ value: string; n: number }[]>(generation, CACHED_COUNTS);
  /** A count of the library at `gen`, the generation read once for the search it serves. */
  const count = (query: RawBuilder<{ n: number }>, gen: string): Promise<number> => {
    const compiled = query.compile(db);
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    return countCache.get(key, async () => Number((await query.execute(db)).rows[0]?.n ?? 0), gen);
  };
  const champions = createChampions(db);
  const own = createPrivateSearch(db, engine);
  const FTS = sql.raw('files_fts');
  const ftsSeq = sql.raw('files_fts.rowid');
  const compile = (q: SearchQuery) => engine.compile(q.parsed, q.titleOnly ? 'title' : 'all');

  const { rows, pageInOrder } = createListRows(db, engine);

  /** FROM and WHERE of the library's matches, joined to `files f` when filtered. */
  const matching = (match: string, where: RawBuilder<unknown> | null) =>
    where
      ? sql`FROM ${FTS} JOIN files f ON f.seq = ${ftsSeq} WHERE ${engine.matches('files_fts', match)} AND ${where}`
      : sql`FROM ${FTS} WHERE ${engine.matches('files_fts', match)}`;

  const matchCount = (match: string, where: RawBuilder<unknown> | null, gen: string) =>
    count(sql`SELECT count(*) AS n ${matching(match, where)}`, gen);

  async function exactRank(
    match: string,
    where: RawBuilder<unknown> | null,
    q: SearchQuery,
  ): Promise<ListRow[]> {
    const page = await sql<{ seq: number }>`SELECT ${ftsSeq} AS seq ${matching(match, where)}
      ORDER BY ${bestFirst(engine, 'files_fts', q.parsed, match)} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(
      db,
    );
    return rows(
      page.rows.map((r) => r.seq),
      true,
    );
  }

  /** A page from the champion lists, or null when they cannot fill it. */
  async function championPage(where: RawBuilder<unknown> | null, q: Run): Promise<ListRow[] | null> {
    const total = await count(sql`SELECT count(*) AS n FROM ${FTS}`, q.generation);
    const idf = async (term: ParsedQuery['terms'][number]) => {
      const match = engine.compile({ terms: [term] }, 'all');
      const df = match === null ? 0 : await matchCount(match, null, q.generation);
      return Math.log(1 + (total - df + 0.5) / (df + 0.5));
    };
    const rank = (depth: number, limit: number) =>
      champions.rank(q.parsed, idf, { depth, limit, where, generation: q.generation });
    const end = q.offset + q.limit;
    // One list only grows at its end when read deeper; an intersection's order changes with depth.
    const oneList = q.parsed.terms.flatMap(listUnits).length === 1;
    // Lists hold words, not phrases: a phrase ("S&P 500", 新能源汽车) is checked in the text itself.
    const phrases = phrasePatterns(q.parsed);
    if (phrases.length === 0) {
      const depth = oneList && !where ? end : CHAMPION_DEPTH;
      const ranked = await rank(depth, end);
      return ranked.length >= end ? rows(ranked.slice(q.offset), true) : null;
    }
    // One list is read a little at a time; an intersection to full depth, for stable pages.
    const verdicts = new Map<number, ListRow | null>();
    let depth = oneList ? Math.min(CHAMPION_DEPTH, 5 * end) : CHAMPION_DEPTH;
    for (;;) {
      const ranked = await rank(depth, depth);
      const accepted: ListRow[] = [];
      for (let i = 0; i < ranked.length && accepted.length < end;) {
        const batch = ranked.slice(i, i + Math.max(end - accepted.length, 10));
        i += batch.length;
        const unseen = batch.filter((seq) => !verdicts.has(seq));
        for (const r of await rows(unseen, true)) {
          verdicts.set(r.seq, phrases.every((p) => p.test(searchableText(r))) ? r : null);
        }
        for (const seq of batch) {
          const row = verdicts.get(seq);
          if (row) accepted.push(row);
        }
      }
      if (accepted.length >= end) return accepted.slice(q.offset, end);
      if (depth >= CHAMPION_DEPTH || ranked.length < depth) return null;
      depth = Math.min(CHAMPION_DEPTH, depth * 4);
    }
  }

  /** A page of matches best first: from the champion lists for common words, else exactly. */
  async function rankedPage(
    match: string,
    where: RawBuilder<unknown> | null,
    q: Run,
    total: number,
  ): Promise<ListRow[]> {
    const useChampions = total > exactRankLimit && !q.titleOnly && q.offset <= CHAMPION_MAX_OFFSET;
    return (useChampions ? await championPage(where, q) : null) ?? (await exactRank(match, where, q));
  }

  /**
   * A widened query's page (cross-lingual.ts): the matches of the query as typed first, ranked as
   * they would be without the glossary, then those found through it only (mostly the other
   * language's reports), best first. The reader's own language is never drowned, and the first
   * pages of a common word cost what they did.
   */
  async function typedFirst(match: string, where: RawBuilder<unknown> | null, q: Run) {
    const typed: Run = { ...q, parsed: typedQuery(q.parsed) };
    const typedMatch = compile(typed);
    if (typedMatch === null) return exactRank(match, where, q);
    const typedTotal = await matchCount(typedMatch, where, q.generation);
    const first =
      q.offset < typedTotal
        ? await rankedPage(
            typedMatch,
            where,
            { ...typed, limit: Math.min(q.limit, typedTotal - q.offset) },
            typedTotal,
          )
        : [];
    const rest = q.limit - first.length;
    if (rest <= 0) return first;
    const onlyWidened = engine.excluding(match, typedMatch);
    const then = await exactRank(onlyWidened, where, {
      ...q,
      offset: Math.max(0, q.offset - typedTotal),
      limit: rest,
    });
    return [...first, ...then];
  }

  /**
   * A date-sorted page of the library (`from`: FROM and WHERE over `files f`) merged with the
   * owner's private matches in one compound select: the database merges the two ordered arms and
   * stops at the end of the page, so the merge is exact by date.
   */
  async function mergedByDate(
    from: RawBuilder<unknown>,
    match: string | null,
    where: RawBuilder<unknown> | null,
    publicTotal: number,
    q: SearchQuery,
  ): Promise<{ rows: ListRow[]; total: number }> {
    const ownerId = q.ownerId ?? '';
    const total = publicTotal + (await own.count(ownerId, match, where));
    if (q.offset >= total) return { rows: [], total };
    const page = await sql<{ seq: number; mine: number }>`
      SELECT f.seq AS seq, f.publish_date AS publish_date, 0 AS mine ${from}
      UNION ALL ${own.arm(ownerId, match, where)}
      ORDER BY publish_date ${byDate(q)}, seq ${directionOf(q)} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(
      db,
    );
    const withBody = match !== null;
    const seqs = (mine: boolean) => page.rows.filter((r) => Boolean(r.mine) === mine).map((r) => r.seq);
    const found = new Map(
      [
        ...(await rows(seqs(false), withBody)),
        ...(await rows(seqs(true), withBody, 'private_fts')).map((r) => ({ ...r, mine: true })),
      ].map((r) => [r.seq, r]),
    );
    return { rows: page.rows.map((r) => found.get(r.seq)).filter((r): r is ListRow => !!r), total };
  }

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
        const from = sql`FROM files f WHERE f.status = 'ready' AND f.visibility = 'public' AND f.taken_down_at IS NULL${where ? sql` AND ${where}` : sql``}`;
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

    /**
     * The library's matches of a search counted by each research field's values, each with every
     * other filter applied and its own left out (so a choice can be widened). Remembered per query
     * while the search generation stays.
     */
    async facets(
      q: Pick<SearchQuery, 'parsed' | 'titleOnly' | 'filter'>,
    ): Promise<Record<FacetField, { value: string; count: number }[]>> {
      const match = engine.compile(q.parsed, q.titleOnly ? 'title' : 'all');
      const gen = await generation();
      const out = {} as Record<FacetField, { value: string; count: number }[]>;
      for (const field of FACET_FIELDS) {
        const where = filterWhere({ ...q.filter, [field]: undefined });
        const column = sql.ref(`f.${field}`);
        const from =
          match === null
            ? sql`FROM files f WHERE f.status = 'ready' AND f.visibility = 'public' AND f.taken_down_at IS NULL`
            : sql`FROM ${FTS} JOIN files f ON f.seq = ${ftsSeq} WHERE ${engine.matches('files_fts', match)}`;
        const query = sql<{ value: string; n: number }>`SELECT ${column} AS value, count(*) AS n ${from}
          AND ${column} IS NOT NULL ${where ? sql`AND ${where}` : sql``} GROUP BY ${column}`;
        const compiled = query.compile(db);
        const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
        const rows = await facetCache.get(key, async () => (await query.execute(db)).rows, gen);
        out[field] = rows
          .map((r) => ({ value: r.value, count: Number(r.n) }))
          .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
      }
      return out;
    },

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

    /**
     * Writes a file's searchable text: a public file into files_fts and the champion lists, a
     * private upload into private_fts only. Call inside the transaction that makes it ready.
     */
    async index(seq: number, text: IndexedText, visibility: 'public' | 'private' = 'public'): Promise<void> {
      const printed = mapText(text, foldCompatibility);
      // foldHan keeps offsets: a match found in the folded text marks the printed one (snippet.ts).
      const folded = mapText(printed, foldHan);
      await engine.replace(visibility === 'public' ? 'files_fts' : 'private_fts', seq, { printed, folded });
      if (visibility === 'public') await champions.write(seq, folded);
      else await champions.remove(seq);
    },

    /** Removes a file from both indexes and the champion lists. */
    async unindex(seq: number): Promise<void> {
      await engine.remove(seq);
      await champions.remove(seq);
    },

    /** The indexed text of a file as printed, from whichever index holds it (to move it to the other). */
    async indexed(seq: number): Promise<IndexedText | undefined> {
      const r = await sql<IndexedText>`
        SELECT title, meta, body FROM ${sql.raw(engine.texts('files_fts'))} WHERE rowid = ${seq}
        UNION ALL SELECT title, meta, body FROM ${sql.raw(engine.texts('private_fts'))} WHERE rowid = ${seq}`.execute(
        db,
      );
      return r.rows[0];
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;

const mapText = (t: IndexedText, f: (s: string) => string): IndexedText => ({
  title: f(t.title),
  meta: f(t.meta),
  body: f(t.body),
});

const directionOf = (q: SearchQuery) => sql.raw(q.sorting === 'date_asc' ? 'ASC' : 'DESC');
/**
 * Date order with reports without a date first when ascending and last when descending, spelled
 * out: SQLite's placement, which PostgreSQL's default reverses (its date indexes match it).
 */
const byDate = (q: SearchQuery) => sql.raw(q.sorting === 'date_asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');

/** The text a phrase is checked against: the file's printed text, folded like the index's tokens. */
function searchableText(r: ListRow): string {
  const head = segmentText([r.title, r.issuer, r.authors, r.tags].join('\n'));
  return foldText(`${head}\n${r.body ?? ''}`);
}

function phrasePatterns(q: ParsedQuery): RegExp[] {
  return q.terms
    .filter((t) => t.tokens.length > 1)
    .map((t) => new RegExp(tokensSource(t.tokens, t.prefix), 'u'));
}
