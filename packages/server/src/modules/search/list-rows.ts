import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { columnsOfF, type ListRow } from '../files/list-columns.js';
import type { FullTextEngine, FullTextTable } from './full-text.js';

const LIST_COLUMNS = columnsOfF();

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
