import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseTimeIso } from '../../db/dialect.js';
import type { Database, UploadSessionsTable } from '../../db/schema.js';

export type SessionRow = Omit<Selectable<UploadSessionsTable>, 'claimed_by' | 'claimed_until'>;

const SESSION_COLUMNS = [
  'id',
  'user_id',
  'file_name',
  'size_bytes',
  'chunk_size',
  'received_bytes',
  'created_at',
  'updated_at',
  'expires_at',
] as const;

const wrote = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  (r.numUpdatedRows ?? r.numDeletedRows ?? 0n) > 0n;

/** Chunked upload sessions (upload_sessions). */
export function createUploadSessionsRepo(db: Db) {
  /** No live claim holds the session (none was taken, or it ran out). */
  const unclaimed = (eb: ExpressionBuilder<Database, 'upload_sessions'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', databaseTimeIso(db))]);
  return {
    async insert(row: Omit<SessionRow, 'received_bytes'>): Promise<void> {
      await db.insertInto('upload_sessions').values(row).execute();
    },
    async owned(id: string, userId: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('upload_sessions')
        .select(SESSION_COLUMNS)
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
    /**
     * Claims the session for one writer (`claim`, a random token) for `forMs`, judged by the
     * database's clock: only while no live claim holds it and, with `at`, only while the upload
     * stands at that offset. One conditional UPDATE: of writers racing on any instance, one wins.
     */
    async claim(id: string, claim: string, forMs: number, at?: number): Promise<boolean> {
      let q = db
        .updateTable('upload_sessions')
        .set({ claimed_by: claim, claimed_until: databaseTimeIso(db, forMs) })
        .where('id', '=', id)
        .where(unclaimed);
      if (at !== undefined) q = q.where('received_bytes', '=', at);
      return wrote(await q.executeTakeFirst());
    },
    /**
     * Counts a chunk written under `claim` and releases the claim, only if the claim still holds
     * the session at `from`; false otherwise (the chunk then never counts).
     */
    async advance(
      id: string,
      claim: string,
      from: number,
      to: number,
      now: string,
      expiresAt: string,
    ): Promise<boolean> {
      return wrote(
        await db
          .updateTable('upload_sessions')
          .set({
            received_bytes: to,
            updated_at: now,
            expires_at: expiresAt,
            claimed_by: null,
            claimed_until: null,
          })
          .where('id', '=', id)
          .where('claimed_by', '=', claim)
          .where('received_bytes', '=', from)
          .executeTakeFirst(),
      );
    },
    /** Gives a claim up (a failed write); nothing when it is no longer held. */
    async release(id: string, claim: string): Promise<void> {
      await db
        .updateTable('upload_sessions')
        .set({ claimed_by: null, claimed_until: null })
        .where('id', '=', id)
        .where('claimed_by', '=', claim)
        .execute();
    },
    /** Deletes the session unless a live claim holds it (a chunk being written, a completion). */
    async removeUnclaimed(id: string): Promise<boolean> {
      return wrote(
        await db.deleteFrom('upload_sessions').where('id', '=', id).where(unclaimed).executeTakeFirst(),
      );
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('upload_sessions').where('id', '=', id).execute();
    },
    /** The session's removal as a write of another repository's transaction (the upload's file row). */
    removing: (id: string) => async (trx: Db) => createUploadSessionsRepo(trx).remove(id),
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
export type UploadSessionsRepo = ReturnType<typeof createUploadSessionsRepo>;
