import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sqlPageOf, type Page, type PageWindow } from '../../db/paging.js';
import { atomic } from '../../db/unit-of-work.js';
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
    /**
     * Puts a report in the inboxes of the follows it matched, once per user. A report already in an
     * inbox (matched again after the model's research pass found more) keeps its arrival and read
     * state and gains the follows it now matches too, so it says every reason it is there. Answers
     * how many inboxes it was added to.
     */
    deliver(fileSeq: number, matches: Map<string, string[]>, now: string): Promise<number> {
      const entries = [...matches];
      return atomic(db, async (trx) => {
        let added = 0;
        for (let i = 0; i < entries.length; i += 500) {
          const part = entries.slice(i, i + 500);
          const held = new Map(
            (
              await trx
                .selectFrom('inbox_items')
                .select(['user_id', 'follow_ids'])
                .where('file_seq', '=', fileSeq)
                .where(
                  'user_id',
                  'in',
                  part.map(([userId]) => userId),
                )
                .execute()
            ).map((r) => [r.user_id, JSON.parse(r.follow_ids) as string[]]),
          );
          const fresh = part.filter(([userId]) => !held.has(userId));
          if (fresh.length) {
            const r = await trx
              .insertInto('inbox_items')
              .values(
                fresh.map(([user_id, ids]) => ({
                  user_id,
                  file_seq: fileSeq,
                  follow_ids: JSON.stringify(ids),
                  arrived_at: now,
                })),
              )
              .onConflict((oc) => oc.columns(['user_id', 'file_seq']).doNothing())
              .executeTakeFirst();
            added += Number(r.numInsertedOrUpdatedRows ?? 0n);
          }
          const grown = part.flatMap(([userId, ids]) => {
            const before = held.get(userId);
            const more = before ? ids.filter((id) => !before.includes(id)) : [];
            return before && more.length ? [{ userId, followIds: JSON.stringify([...before, ...more]) }] : [];
          });
          // Every inbox that gains follows in one statement, each row its own list.
          if (grown.length)
            await sql`UPDATE inbox_items
              SET follow_ids = CASE user_id
                ${sql.join(
                  grown.map((g) => sql`WHEN ${g.userId} THEN ${g.followIds}`),
                  sql` `,
                )} END
              WHERE file_seq = ${fileSeq} AND user_id IN (${sql.join(grown.map((g) => g.userId))})`.execute(
              trx,
            );
        }
        return added;
      });
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
