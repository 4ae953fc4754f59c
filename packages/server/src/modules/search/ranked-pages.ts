import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { listUnits, type createChampions } from './champions.js';
import { typedQuery } from './cross-lingual.js';
import type { ParsedQuery } from './fts-query.js';
import type { FullTextEngine } from './full-text.js';
import type { ListRow } from '../files/list-columns.js';
import type { createListRows } from './list-rows.js';
import { FTS, ftsSeq, type LibraryCounts } from './library-counts.js';
import { bestFirst } from './relevance.js';
import type { Run, SearchQuery } from './search-query.js';
import { segmentText } from '../../text/segment.js';
import { foldText } from '@rl/contract/text-fold';
import { tokensSource } from '../../text/match-patterns.js';

const CHAMPION_MAX_OFFSET = 400;
/** List depth when lists must be intersected, filtered or phrase-checked. */
const CHAMPION_DEPTH = 4000;

/** What ranking a page of matches reads: the counts, the champion lists and the list rows. */
export interface RankedPagesDeps {
  counts: LibraryCounts;
  champions: ReturnType<typeof createChampions>;
  rows: ReturnType<typeof createListRows>['rows'];
  /** Matches above which relevance reads the champion lists (repo.ts, EXACT_RANK_LIMIT). */
  exactRankLimit: number;
  compile: (q: SearchQuery) => string | null;
}

/**
 * Pages of the library's matches best first: exactly (bm25, ts_rank) or from the champion lists
 * for common words, and a widened query's matches as typed first.
 */
export function createRankedPages(db: Db, engine: FullTextEngine, deps: RankedPagesDeps) {
  const { counts, champions, rows, exactRankLimit, compile } = deps;
  const { count, matching, matchCount } = counts;

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
    return phraseCheckedPage(rank, phrases, oneList, q);
  }

  /**
   * A champion page of a query with phrases: the ranked rows whose text holds every phrase. One
   * list is read a little at a time; an intersection to full depth, for stable pages.
   */
  async function phraseCheckedPage(
    rank: (depth: number, limit: number) => Promise<number[]>,
    phrases: RegExp[],
    oneList: boolean,
    q: Run,
  ): Promise<ListRow[] | null> {
    const end = q.offset + q.limit;
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

  return { rankedPage, typedFirst };
}

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
