import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { SearchFilter, Sorting } from '@rl/contract';
import type { Db } from '../../db/database.js';
import type { FilesTable } from '../../db/schema.js';
import { createChampions } from './champions.js';
import { createCountCache } from './count-cache.js';
import { toMatchExpression, type ParsedQuery } from './fts-query.js';
import { escapeLike } from '../../db/like.js';
import { foldText, tokensSource } from './match-patterns.js';
import { segmentText } from './segment.js';

/** Columns of a file needed to present it in a result list. */
const LIST_COLUMNS = sql.raw(
  [
    'seq',
    'id',
    'file_name',
    'title',
    'issuer',
    'authors',
    'tags',
    'language',
    'page_count',
    'publish_date',
    'asset_class',
    'country',
  ]
    .map((c) => `f.${c}`)
    .join(', '),
);
export type ListRow = Pick<
  Selectable<FilesTable>,
  | 'id'
  | 'file_name'
  | 'title'
  | 'issuer'
  | 'authors'
  | 'tags'
  | 'language'
  | 'page_count'
  | 'publish_date'
  | 'asset_class'
  | 'country'
> & { seq: number; body?: string };

const BM25 = sql.raw('bm25(files_fts, 10.0, 4.0, 1.0)'); // title > issuer, authors, tags > body

/**
 * Scoring matches with bm25() costs a scan of each term's whole posting list plus a few µs a match:
 * fine for a rare word, 20-80 ms for a word found in 90,000 reports. Above EXACT_RANK_LIMIT matches,
 * relevance reads the champion lists instead (champions.ts); pages the lists cannot fill, title-only
 * searches and rare words use exact bm25(). total_items is always exact.
 */
const EXACT_RANK_LIMIT = 1000;
const CHAMPION_MAX_OFFSET = 400;
/** List depth when lists must be intersected, filtered or phrase-checked. */
const CHAMPION_DEPTH = 4000;

export interface SearchQuery {
  parsed: ParsedQuery;
  titleOnly: boolean;
  filter: SearchFilter;
  sorting: Sorting;
  limit: number;
  offset: number;
}

/** SQL of the library search. The FTS index holds exactly the ready public files. */
export function createSearchRepo(db: Db, opts: { exactRankLimit?: number } = {}) {
  const exactRankLimit = opts.exactRankLimit ?? EXACT_RANK_LIMIT;
  const counts = createCountCache(db);
  const champions = createChampions(db);

  async function rows(seqs: number[], withBody: boolean): Promise<ListRow[]> {
    if (seqs.length === 0) return [];
    const body = withBody ? sql`, (SELECT x.body FROM files_fts x WHERE x.rowid = f.seq) AS body` : sql``;
    const r =
      await sql<ListRow>`SELECT ${LIST_COLUMNS} ${body} FROM files f WHERE f.seq IN (${sql.join(seqs)})`.execute(
        db,
      );
    const bySeq = new Map(r.rows.map((row) => [row.seq, row]));
    return seqs.map((s) => bySeq.get(s)).filter((row): row is ListRow => row !== undefined);
  }

  const matchCount = (match: string, where: RawBuilder<unknown> | null) =>
    counts.count(
      where
        ? sql`SELECT count(*) AS n FROM files_fts JOIN files f ON f.seq = files_fts.rowid WHERE files_fts MATCH ${match} AND ${where}`
        : sql`SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ${match}`,
    );

  async function exactRank(
    match: string,
    where: RawBuilder<unknown> | null,
    q: SearchQuery,
  ): Promise<ListRow[]> {
    const from = where ? sql`files_fts JOIN files f ON f.seq = files_fts.rowid` : sql`files_fts`;
    const cond = where ? sql`files_fts MATCH ${match} AND ${where}` : sql`files_fts MATCH ${match}`;
    const page = await sql<{ seq: number }>`SELECT files_fts.rowid AS seq FROM ${from} WHERE ${cond}
      ORDER BY ${BM25}, files_fts.rowid DESC LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
    return rows(
      page.rows.map((r) => r.seq),
      true,
    );
  }

  /** A page from the champion lists, or null when they cannot fill it. */
  async function championPage(where: RawBuilder<unknown> | null, q: SearchQuery): Promise<ListRow[] | null> {
    const total = await counts.count(sql`SELECT count(*) AS n FROM files_fts`);
    const idf = async (i: number) => {
      const term = q.parsed.terms[i];
      const df = term
        ? await matchCount(toMatchExpression({ terms: [term] }, { titleOnly: false }) ?? '""', null)
        : 0;
      return Math.log(1 + (total - df + 0.5) / (df + 0.5));
    };
    const end = q.offset + q.limit;
    // Lists hold words, not phrases: a phrase ("S&P 500", 新能源汽车) is checked in the text itself.
    const phrases = phrasePatterns(q.parsed);
    if (phrases.length === 0) {
      const depth = q.parsed.terms.length === 1 && !where ? end : CHAMPION_DEPTH;
      const ranked = await champions.rank(q.parsed, idf, { depth, limit: end, where });
      return ranked.length >= end ? rows(ranked.slice(q.offset), true) : null;
    }
    // One list only grows at its end when read deeper, so it is read a little at a time; an
    // intersection's order changes with depth, so it is read to full depth for stable pages.
    const verdicts = new Map<number, ListRow | null>();
    let depth = q.parsed.terms.length === 1 ? Math.min(CHAMPION_DEPTH, 5 * end) : CHAMPION_DEPTH;
    for (;;) {
      const ranked = await champions.rank(q.parsed, idf, { depth, limit: depth, where });
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

  return {
    async search(q: SearchQuery): Promise<{ rows: ListRow[]; total: number }> {
      const filters = filterConditions(q.filter);
      const where = filters.length ? sql.join(filters, sql` AND `) : null;
      const dateOrder =
        q.sorting === 'date_asc' ? sql`f.publish_date ASC, f.seq ASC` : sql`f.publish_date DESC, f.seq DESC`;
      const match = toMatchExpression(q.parsed, { titleOnly: q.titleOnly });

      if (match === null) {
        const cond = where ?? sql`1`;
        const total = await counts.count(
          sql`SELECT count(*) AS n FROM files f WHERE f.status = 'ready' AND f.visibility = 'public' AND f.taken_down_at IS NULL AND ${cond}`,
        );
        const page = await sql<{
          seq: number;
        }>`SELECT f.seq FROM files f WHERE f.status = 'ready' AND f.visibility = 'public' AND f.taken_down_at IS NULL AND ${cond}
          ORDER BY ${dateOrder} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
        return {
          rows: await rows(
            page.rows.map((r) => r.seq),
            false,
          ),
          total,
        };
      }

      const total = await matchCount(match, where);
      if (total === 0 || q.offset >= total) return { rows: [], total };
      if (q.sorting !== 'relevance') {
        const page = await sql<{
          seq: number;
        }>`SELECT f.seq FROM files_fts JOIN files f ON f.seq = files_fts.rowid
          WHERE files_fts MATCH ${match} ${where ? sql`AND ${where}` : sql``}
          ORDER BY ${dateOrder} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
        return {
          rows: await rows(
            page.rows.map((r) => r.seq),
            true,
          ),
          total,
        };
      }
      const useChampions = total > exactRankLimit && !q.titleOnly && q.offset <= CHAMPION_MAX_OFFSET;
      const page = (useChampions ? await championPage(where, q) : null) ?? (await exactRank(match, where, q));
      return { rows: page, total };
    },

    /** Writes a file's searchable text and champion entries. Call inside the ready transaction. */
    async index(seq: number, doc: { title: string; meta: string; body: string }): Promise<void> {
      await sql`DELETE FROM files_fts WHERE rowid = ${seq}`.execute(db);
      await sql`INSERT INTO files_fts (rowid, title, meta, body) VALUES (${seq}, ${doc.title}, ${doc.meta}, ${doc.body})`.execute(
        db,
      );
      await champions.write(seq, doc);
    },

    async unindex(seq: number): Promise<void> {
      await sql`DELETE FROM files_fts WHERE rowid = ${seq}`.execute(db);
      await champions.remove(seq);
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;

/** The text a phrase is checked against: what the index holds for the file, folded like its tokens. */
function searchableText(r: ListRow): string {
  const head = segmentText([r.title, r.issuer, r.authors, r.tags].join('\n'));
  return foldText(`${head}\n${r.body ?? ''}`);
}

function phrasePatterns(q: ParsedQuery): RegExp[] {
  return q.terms
    .filter((t) => t.tokens.length > 1)
    .map((t) => new RegExp(tokensSource(t.tokens, t.prefix), 'u'));
}

/** The filters of SPEC.md section 3 as SQL conditions on `files f`. */
function filterConditions(f: SearchFilter): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [];
  const issuers = (f.issuer ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (issuers.length) c.push(sql`f.issuer IN (${sql.join(issuers)})`);
  if (f.author) c.push(sql`f.authors LIKE ${'%' + escapeLike(f.author) + '%'} ESCAPE '\\'`);
  if (f.from_date) c.push(sql`f.publish_date >= ${f.from_date}`);
  if (f.to_date) c.push(sql`f.publish_date <= ${f.to_date}`);
  if (f.asset_class) c.push(sql`f.asset_class = ${f.asset_class}`);
  if (f.country) c.push(sql`f.country = ${f.country}`);
  if (f.language?.length) c.push(sql`f.language IN (${sql.join(f.language)})`);
  if (f.tags?.length) {
    c.push(
      sql`EXISTS (SELECT 1 FROM file_tags t WHERE t.file_seq = f.seq AND t.tag IN (${sql.join(f.tags)}))`,
    );
  }
  if (f.min_page !== undefined) c.push(sql`f.page_count >= ${f.min_page}`);
  if (f.max_page !== undefined) c.push(sql`f.page_count <= ${f.max_page}`);
  return c;
}
