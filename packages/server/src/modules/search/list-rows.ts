import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FilesTable } from '../../db/schema.js';
import type { FullTextEngine, FullTextTable } from './full-text.js';

/** Columns of a file needed to present it in a result list. */
const LIST_COLUMN_NAMES = [
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
  'report_type',
  'sector',
  'stock_information',
] as const;
/** LIST_COLUMN_NAMES (and `more`) over `files f`, for a SELECT. */
export const columnsOfF = (more: readonly string[] = []) =>
  sql.raw([...LIST_COLUMN_NAMES, ...more].map((c) => `f.${c}`).join(', '));
const LIST_COLUMNS = columnsOfF();
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
  | 'report_type'
  | 'sector'
  | 'stock_information'
> & { seq: number; body?: string; mine?: boolean };

/** The rows of a result list, by seq or as a page of a FROM over `files f`. */
export function createListRows(db: Db, engine: FullTextEngine) {
  /** The list columns of `files f`, with the printed body for highlights when asked. */
  const listColumns = (withBody: boolean, fts: FullTextTable = 'files_fts') =>
    withBody
      ? sql`${LIST_COLUMNS}, (SELECT x.body FROM ${sql.raw(engine.texts(fts))} x WHERE x.rowid = f.seq) AS body`
      : LIST_COLUMNS;

  async function rows(
    seqs: number[],
    withBody: boolean,
    fts: FullTextTable = 'files_fts',
  ): Promise<ListRow[]> {
    if (seqs.length === 0) return [];
    const r = await sql<ListRow>`SELECT ${listColumns(withBody, fts)} FROM files f
      WHERE f.seq IN (${sql.join(seqs)})`.execute(db);
    const bySeq = new Map(r.rows.map((row) => [row.seq, row]));
    return seqs.map((s) => bySeq.get(s)).filter((row): row is ListRow => row !== undefined);
  }

  /**
   * One page of `from` (FROM and WHERE over `files f`) in `order`, with the rows' details, in one
   * statement: a round trip less than the page's seqs and then their rows (PostgreSQL).
   */
  async function pageInOrder(
    from: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    page: { limit: number; offset: number },
    withBody: boolean,
  ): Promise<ListRow[]> {
    const r = await sql<ListRow>`SELECT ${listColumns(withBody)} FROM files f
      WHERE f.seq IN (SELECT f.seq ${from} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset})
      ORDER BY ${order}`.execute(db);
    return r.rows;
  }

  return { rows, pageInOrder };
}
