import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';

/** The page a list call asks for, as the contract's paging fields name it (page_id from 1). */
export interface PageRequest {
  page_id: number;
  page_length: number;
}

/** The rows of one page, as LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** One page of rows and how many rows match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

interface CountRow {
  n: number;
}

export const pageWindow = (p: PageRequest): PageWindow => ({
  limit: p.page_length,
  offset: (p.page_id - 1) * p.page_length,
});

/** The paging fields of a list's answer: the page asked for and how many items there are in all. */
export const pagingAnswer = (p: PageRequest, total: number) => ({
  total_items: total,
  page_id: p.page_id,
  page_length: p.page_length,
});

/**
 * The list query of a repo: `matching` is the filtered FROM and WHERE with nothing selected;
 * `shown` selects and orders what a page shows of it; the total counts `matching` itself.
 */
export async function pageOf<DB, TB extends keyof DB, ShownDB, ShownTB extends keyof ShownDB, O>(
  matching: SelectQueryBuilder<DB, TB, object>,
  shown: (matching: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<ShownDB, ShownTB, O>,
  window: PageWindow,
): Promise<Page<O>> {
  const rows = await shown(matching).limit(window.limit).offset(window.offset).execute();
  const counted = matching.select(sql<number>`count(*)`.as('n'));
  // Kysely cannot work the selection's type out for any DB; the row is `{ n }` whatever it is.
  const count = (await counted.executeTakeFirstOrThrow()) as CountRow;
  return { rows, total: Number(count.n) };
}

/** `pageOf` for a list written in SQL: `columns` of `from` where `where`, in `order`. */
export async function sqlPageOf<O>(
  db: Db,
  q: {
    columns: RawBuilder<unknown>;
    from: RawBuilder<unknown>;
    where: RawBuilder<unknown>;
    order: RawBuilder<unknown>;
  },
  window: PageWindow,
): Promise<Page<O>> {
  const rows = await sql<O>`SELECT ${q.columns} FROM ${q.from} WHERE ${q.where}
    ORDER BY ${q.order} LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  const total = await sql<CountRow>`SELECT count(*) AS n FROM ${q.from} WHERE ${q.where}`.execute(db);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
