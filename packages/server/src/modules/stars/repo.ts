import type { IssuerItem } from '@rl/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sqlPageOf, type Page, type PageWindow } from '../../db/paging.js';
import { atomic } from '../../db/unit-of-work.js';
import { filesWhere } from '../files/visibility.js';
import { LIBRARY_COLUMNS, type LibraryRow } from './library-rows.js';

export interface StarFilter {
  issuer?: string;
  from_date?: string;
  to_date?: string;
}

export type StarredRow = LibraryRow & { starred_at: string };

/** File stars. `files.stars` counts them and moves only when a star row really comes or goes. */
export function createStarsRepo(db: Db) {
  return {
    async isStarred(userId: string, seq: number): Promise<boolean> {
      const r = await db
        .selectFrom('file_stars')
        .select('file_seq')
        .where('user_id', '=', userId)
        .where('file_seq', '=', seq)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** True when the star is new. */
    async add(userId: string, seq: number, now: string): Promise<boolean> {
      return atomic(db, async (trx) => {
        const r = await trx
          .insertInto('file_stars')
          .values({ user_id: userId, file_seq: seq, created_at: now })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        const added = Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
        if (added)
          await trx
            .updateTable('files')
            .set({ stars: sql`stars + 1` })
            .where('seq', '=', seq)
            .execute();
        return added;
      });
    },

    /** True when a star was there and is gone. */
    async remove(userId: string, seq: number): Promise<boolean> {
      return atomic(db, async (trx) => {
        const r = await trx
          .deleteFrom('file_stars')
          .where('user_id', '=', userId)
          .where('file_seq', '=', seq)
          .executeTakeFirst();
        const removed = Number(r.numDeletedRows) > 0;
        if (removed)
          await trx
            .updateTable('files')
            .set({ stars: sql`stars - 1` })
            .where('seq', '=', seq)
            .where('stars', '>', 0)
            .execute();
        return removed;
      });
    },

    /** My starred files that I can still see, newest star first. */
    page(userId: string, filter: StarFilter, window: PageWindow): Promise<Page<StarredRow>> {
      return sqlPageOf(
        db,
        {
          columns: sql`${LIBRARY_COLUMNS}, s.created_at AS starred_at`,
          from: sql`file_stars s JOIN files f ON f.seq = s.file_seq`,
          where: sql`s.user_id = ${userId} AND ${filesWhere().readableBy(userId)}
            ${filter.issuer ? sql`AND f.issuer = ${filter.issuer}` : sql``}
            ${filter.from_date ? sql`AND f.publish_date >= ${filter.from_date}` : sql``}
            ${filter.to_date ? sql`AND f.publish_date <= ${filter.to_date}` : sql``}`,
          order: sql`s.created_at DESC, s.file_seq DESC`,
        },
        window,
      );
    },

    /** Issuers of all my visible starred files, with how many each. */
    async issuers(userId: string): Promise<IssuerItem[]> {
      const r = await sql<IssuerItem>`SELECT f.issuer AS name, count(*) AS file_count
        FROM file_stars s JOIN files f ON f.seq = s.file_seq
        WHERE s.user_id = ${userId} AND ${filesWhere().readableBy(userId)} AND f.issuer != ''
        GROUP BY f.issuer ORDER BY lower(f.issuer), f.issuer`.execute(db);
      return r.rows;
    },
  };
}
export type StarsRepo = ReturnType<typeof createStarsRepo>;
