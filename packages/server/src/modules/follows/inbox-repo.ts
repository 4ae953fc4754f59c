import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sqlPageOf, type Page, type PageWindow } from '../../db/paging.js';
import { filesWhere } from '../files/visibility.js';
import { LIBRARY_COLUMNS, type LibraryRow } from '../stars/library-rows.js';

export type InboxRow = LibraryRow & { follow_ids: string; arrived_at: string; read_at: string | null };

/**
 * The reports in each user's inbox. A row per user and report, whatever number of follows it
 * matched; read through the one visibility rule, so a report taken down leaves every inbox at once
 * and a private upload shows only to its owner.
 */
export function createInboxRepo(db: Db) {
  const mine = (userId: string) => sql`i.user_id = ${userId} AND ${filesWhere().readableBy(userId)}`;
  return {
    /** Puts a report in the inboxes of the follows it matched, once per user; a second run adds nothing. */
    async deliver(fileSeq: number, matches: Map<string, string[]>, now: string): Promise<number> {
      const rows = [...matches].map(([user_id, ids]) => ({
        user_id,
        file_seq: fileSeq,
        follow_ids: JSON.stringify(ids),
        arrived_at: now,
      }));
      let added = 0;
      for (let i = 0; i < rows.length; i += 500) {
        const r = await db
          .insertInto('inbox_items')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['user_id', 'file_seq']).doNothing())
          .executeTakeFirst();
        added += Number(r.numInsertedOrUpdatedRows ?? 0n);
      }
      return added;
    },

    page(userId: string, unreadOnly: boolean, window: PageWindow): Promise<Page<InboxRow>> {
      return sqlPageOf(
        db,
        {
          columns: sql`${LIBRARY_COLUMNS}, i.follow_ids, i.arrived_at, i.read_at`,
          from: sql`inbox_items i JOIN files f ON f.seq = i.file_seq`,
          where: sql`${mine(userId)}${unreadOnly ? sql` AND i.read_at IS NULL` : sql``}`,
          order: sql`i.arrived_at DESC, i.file_seq DESC`,
        },
        window,
      );
    },

    async unread(userId: string): Promise<number> {
      const r = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM inbox_items i JOIN files f ON f.seq = i.file_seq
        WHERE ${mine(userId)} AND i.read_at IS NULL`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },

    /** Marks reports read (by their public ids), or all of the user's. */
    async markRead(userId: string, fileIds: string[] | 'all', now: string): Promise<void> {
      let q = db
        .updateTable('inbox_items')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (fileIds !== 'all')
        q = q.where('file_seq', 'in', db.selectFrom('files').select('seq').where('id', 'in', fileIds));
      await q.execute();
    },
  };
}
export type InboxRepo = ReturnType<typeof createInboxRepo>;
