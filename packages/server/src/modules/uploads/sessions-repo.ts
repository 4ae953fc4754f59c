import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UploadSessionsTable } from '../../db/schema.js';

export type SessionRow = Selectable<UploadSessionsTable>;

/** Chunked upload sessions (upload_sessions). */
export function createSessionsRepo(db: Db) {
  return {
    async insert(row: Omit<SessionRow, 'received_bytes'>): Promise<void> {
      await db.insertInto('upload_sessions').values(row).execute();
    },
    async owned(id: string, userId: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('upload_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async countOpen(userId: string, now: string): Promise<number> {
      const r = await db
        .selectFrom('upload_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Records a chunk, only if nothing else moved the session meanwhile; false otherwise. */
    async advance(id: string, from: number, to: number, now: string, expiresAt: string): Promise<boolean> {
      const r = await db
        .updateTable('upload_sessions')
        .set({ received_bytes: to, updated_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .where('received_bytes', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('upload_sessions').where('id', '=', id).execute();
    },
    /** Deletes the sessions expired at `now` and answers their IDs. */
    async removeExpired(now: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('upload_sessions')
        .where('expires_at', '<=', now)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async exists(id: string): Promise<boolean> {
      const r = await db.selectFrom('upload_sessions').select('id').where('id', '=', id).executeTakeFirst();
      return r !== undefined;
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
