import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ListRow } from '../files/list-columns.js';
import type { createListRows } from './list-rows.js';
import type { createPrivateSearch } from './private.js';
import type { SearchQuery } from './search-query.js';

export const directionOf = (q: SearchQuery) => sql.raw(q.sorting === 'date_asc' ? 'ASC' : 'DESC');
/**
 * Date order with reports without a date first when ascending and last when descending, spelled
 * out: SQLite's placement, which PostgreSQL's default reverses (its date indexes match it).
 */
export const byDate = (q: SearchQuery) =>
  sql.raw(q.sorting === 'date_asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');

/**
 * A date-sorted page of the library (`from`: FROM and WHERE over `files f`) merged with the
 * owner's private matches in one compound select: the database merges the two ordered arms and
 * stops at the end of the page, so the merge is exact by date.
 */
export function createMergedByDate(
  db: Db,
  own: ReturnType<typeof createPrivateSearch>,
  rows: ReturnType<typeof createListRows>['rows'],
) {
  return async function mergedByDate(
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
  };
}
