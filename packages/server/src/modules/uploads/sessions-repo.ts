import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { atomic } from '../../db/unit-of-work.js';
import { databaseTimeIso, lockForTransaction } from '../../db/dialect.js';
import type { Database, UploadSessionsTable } from '../../db/schema.js';
import { ownerUploadsLock, uploadRoomSql } from '../files/upload-room.js';

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

/** What a user's uploads may hold, with the chunked uploads under way counted as files already. */
export interface SessionLimits {
  maxSessions: number;
  maxFiles: number;
  maxBytes: number;
}

const wrote = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  (r.numUpdatedRows ?? r.numDeletedRows ?? 0n) > 0n;

/** Chunked upload sessions (upload_sessions). */
export function createUploadSessionsRepo(db: Db) {
  /** No live claim holds the session (none was taken, or it ran out). */
  const unclaimed = (eb: ExpressionBuilder<Database, 'upload_sessions'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', databaseTimeIso(db))]);
  return {
    /**
     * Opens a session unless the user would then have more than `maxSessions` open at `now`, or
     * the room their uploads take (files held and sessions open, uploadRoomSql) with this one would
     * pass the plan's files or bytes. One conditional INSERT under the owner's lock (the one file
     * inserts take), so concurrent inits, and uploads, cannot all pass. False when refused.
     */
    async insertWithin(
      row: Omit<SessionRow, 'received_bytes'>,
      limits: SessionLimits,
      now: string,
    ): Promise<boolean> {
      return atomic(db, async (trx) => {
        await lockForTransaction(trx, ownerUploadsLock(row.user_id));
        const room = uploadRoomSql(row.user_id, now);
        const r = await sql<{ id: string }>`INSERT INTO upload_sessions
            (id, user_id, file_name, size_bytes, chunk_size, created_at, updated_at, expires_at)
          SELECT ${row.id}, ${row.user_id}, ${row.file_name}, ${row.size_bytes}, ${row.chunk_size},
            ${row.created_at}, ${row.updated_at}, ${row.expires_at}
          WHERE (SELECT count(*) FROM upload_sessions WHERE user_id = ${row.user_id} AND expires_at > ${now})
              < ${limits.maxSessions}
            AND ${room.files} < ${limits.maxFiles}
            AND ${room.bytes} + ${row.size_bytes} <= ${limits.maxBytes}
          RETURNING id`.execute(trx);
        return r.rows.length > 0;
      });
    },
    async owned(id: string, userId: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('upload_sessions')
        .select(SESSION_COLUMNS)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
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
     * Counts a chunk written under `claim`, only if the claim still holds the session at `from`;
     * false otherwise (the chunk then never counts). The claim stays until its writer releases it,
     * once the chunk is in place, so no other writer touches the session before that.
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
          })
          .where('id', '=', id)
          .where('claimed_by', '=', claim)
          .where('received_bytes', '=', from)
          .executeTakeFirst(),
      );
    },
    /** Gives a claim up (its write is done, or failed); nothing when it is no longer held. */
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
