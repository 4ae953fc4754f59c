import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { SearchFilter, Sorting } from '@rl/contract';
import type { Db } from '../../db/database.js';
import type { FilesTable } from '../../db/schema.js';
import { createCountCache } from './count-cache.js';

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
 * Scoring every match with bm25 costs about 2-5 µs a match: fine for a few thousand, not for a word
 * found in 90,000 reports. Above EXACT_RANK_LIMIT matches, relevance ranks a candidate set instead:
 * the RECENT_CANDIDATES most recently added matches and the TITLE_CANDIDATES most recent ones with
 * every term in the title or metadata. total_items stays exact. Pages past the candidates fall back
 * to exact ranking.
 */
const EXACT_RANK_LIMIT = 1000;
const RECENT_CANDIDATES = 500;
const TITLE_CANDIDATES = 200;

export interface SearchQuery {
  match: string | null;
  filter: SearchFilter;
  sorting: Sorting;
  limit: number;
  offset: number;
}

/** SQL of the library search; the only place that knows the index's shape. */
export function createSearchRepo(db: Db) {
  const counts = createCountCache(db);

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

  async function rankedPage(
    match: string,
    where: RawBuilder<unknown> | null,
    q: SearchQuery,
    total: number,
  ): Promise<number[]> {
    const from = where ? sql`files_fts JOIN files f ON f.seq = files_fts.rowid` : sql`files_fts`;
    const cond = where ? sql`files_fts MATCH ${match} AND ${where}` : sql`files_fts MATCH ${match}`;
    const exact = async () =>
      (
        await sql<{ seq: number }>`SELECT files_fts.rowid AS seq FROM ${from} WHERE ${cond}
          ORDER BY ${BM25}, files_fts.rowid DESC LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db)
      ).rows.map((r) => r.seq);
    if (total <= EXACT_RANK_LIMIT || q.offset + q.limit > RECENT_CANDIDATES) return exact();
    const titleCond = where
      ? sql`files_fts MATCH ${`{title meta} : (${match})`} AND ${where}`
      : sql`files_fts MATCH ${`{title meta} : (${match})`}`;
    const candidates = await sql<{ seq: number; score: number }>`
      SELECT seq, min(score) AS score FROM (
        SELECT * FROM (SELECT files_fts.rowid AS seq, ${BM25} AS score FROM ${from} WHERE ${cond}
          ORDER BY files_fts.rowid DESC LIMIT ${RECENT_CANDIDATES})
        UNION ALL
        SELECT * FROM (SELECT files_fts.rowid AS seq, ${BM25} * 2 AS score FROM ${from} WHERE ${titleCond}
          ORDER BY files_fts.rowid DESC LIMIT ${TITLE_CANDIDATES})
      ) GROUP BY seq ORDER BY score, seq DESC LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
    return candidates.rows.map((r) => r.seq);
  }

  return {
    async search(q: SearchQuery): Promise<{ rows: ListRow[]; total: number }> {
      const filters = filterConditions(q.filter);
      const where = filters.length ? sql.join(filters, sql` AND `) : null;
      const dateOrder =
        q.sorting === 'date_asc' ? sql`f.publish_date ASC, f.seq ASC` : sql`f.publish_date DESC, f.seq DESC`;

      if (q.match === null) {
        const cond = where ?? sql`1`;
        const total = await counts.count(
          sql`SELECT count(*) AS n FROM files f WHERE f.status = 'ready' AND f.visibility = 'public' AND ${cond}`,
        );
        const page = await sql<{
          seq: number;
        }>`SELECT f.seq FROM files f WHERE f.status = 'ready' AND f.visibility = 'public' AND ${cond}
          ORDER BY ${dateOrder} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
        return {
          rows: await rows(
            page.rows.map((r) => r.seq),
            false,
          ),
          total,
        };
      }

      // The index holds exactly the ready public files, so without filters no join is needed.
      const from = where ? sql`files_fts JOIN files f ON f.seq = files_fts.rowid` : sql`files_fts`;
      const cond = where ? sql`files_fts MATCH ${q.match} AND ${where}` : sql`files_fts MATCH ${q.match}`;
      const total = await counts.count(sql`SELECT count(*) AS n FROM ${from} WHERE ${cond}`);
      if (total === 0 || q.offset >= total) return { rows: [], total };
      let seqs: number[];
      if (q.sorting === 'relevance') seqs = await rankedPage(q.match, where, q, total);
      else {
        const page = await sql<{
          seq: number;
        }>`SELECT f.seq FROM files_fts JOIN files f ON f.seq = files_fts.rowid
          WHERE files_fts MATCH ${q.match} ${where ? sql`AND ${where}` : sql``}
          ORDER BY ${dateOrder} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
        seqs = page.rows.map((r) => r.seq);
      }
      return { rows: await rows(seqs, true), total };
    },

    /** Writes a file's searchable text; replaces what was there. Call inside the ready transaction. */
    async index(seq: number, doc: { title: string; meta: string; body: string }): Promise<void> {
      await sql`DELETE FROM files_fts WHERE rowid = ${seq}`.execute(db);
      await sql`INSERT INTO files_fts (rowid, title, meta, body) VALUES (${seq}, ${doc.title}, ${doc.meta}, ${doc.body})`.execute(
        db,
      );
    },

    async unindex(seq: number): Promise<void> {
      await sql`DELETE FROM files_fts WHERE rowid = ${seq}`.execute(db);
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;

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

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
