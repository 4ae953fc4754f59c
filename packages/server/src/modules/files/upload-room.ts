import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewFile } from './repo.js';

/** What a user's uploads may hold: at most this many files and bytes. */
export interface UploadLimits {
  maxFiles: number;
  maxBytes: number;
  /** The chunked upload (its session id) this file completes: the room it kept becomes the file's. */
  completing?: string;
}

/**
 * The uploads a user holds, over `files`: every upload whatever its state (processing, ready,
 * failed, taken down), since each keeps its bytes stored until its owner deletes it; so the plan
 * bounds what a user's uploads take on disk.
 */
export const heldUploadsSql = (ownerId: string) => sql`owner_id = ${ownerId} AND source = 'upload'`;

/**
 * The storage the files of a query take (`SELECT … FROM files WHERE …`): each file's PDF and the
 * text stored for it (text_bytes), since a small PDF can yield far more text than it weighs.
 */
export const heldBytesSql = sql<number>`coalesce(sum(size_bytes + text_bytes), 0)`;

/**
 * The room a user's uploads take at `now`: the files they hold (heldUploadsSql, heldBytesSql) and
 * the chunked uploads still open (upload_sessions), each counted as a file of its declared size
 * from init on, so an upload accepted at init finds its room at complete whatever came in
 * meanwhile. `except`: the session being completed, whose room the new file takes.
 */
export function uploadRoomSql(ownerId: string, now: string, except?: string) {
  const held = heldUploadsSql(ownerId);
  const open = sql`upload_sessions WHERE user_id = ${ownerId} AND expires_at > ${now}${
    except === undefined ? sql`` : sql` AND id <> ${except}`
  }`;
  return {
    files: sql<number>`((SELECT count(*) FROM files WHERE ${held}) + (SELECT count(*) FROM ${open}))`,
    bytes: sql<number>`((SELECT ${heldBytesSql} FROM files WHERE ${held})
      + (SELECT coalesce(sum(size_bytes), 0) FROM ${open}))`,
  };
}

/**
 * The lock key (lockForTransaction) of one user's uploads: inserting an upload and opening a
 * chunked upload take it, so the plan's checks of concurrent ones see each other.
 */
export const ownerUploadsLock = (ownerId: string): string => `upload:${ownerId}`;

/** The repository's queries of a user's room: what they hold, and an insert that keeps within it. */
export function uploadRoomQueries(db: Db) {
  return {
    /**
     * Inserts a file unless its scope (the public library, or the owner's uploads) already holds
     * the same content, or, with `limits`, the owner would pass them (counting the room their open
     * chunked uploads keep: uploadRoomSql). One statement: the check sees every committed write
     * (serialise concurrent ones per scope: lockForTransaction). Answers the new seq, or null when
     * refused.
     */
    async insertUnlessHeld(f: NewFile, now: string, limits: UploadLimits | null): Promise<number | null> {
      const owner = f.owner_id;
      const sameScope = owner === null ? sql`owner_id IS NULL` : sql`owner_id = ${owner}`;
      const room = owner === null || !limits ? null : uploadRoomSql(owner, now, limits.completing);
      const within =
        limits && room
          ? sql`AND ${room.files} < ${limits.maxFiles} AND ${room.bytes} + ${f.size_bytes} <= ${limits.maxBytes}`
          : sql``;
      const r = await sql<{ seq: number }>`INSERT INTO files
          (id, sha256, file_name, file_type, size_bytes, status, visibility, owner_id, upload_user, source, upload_time, updated_time)
        SELECT ${f.id}, ${f.sha256}, ${f.file_name}, 'pdf', ${f.size_bytes}, 'processing', ${f.visibility},
          ${owner}, ${f.upload_user}, ${f.source}, ${now}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM files WHERE sha256 = ${f.sha256} AND ${sameScope} AND status != 'failed')
          ${within}
        RETURNING seq`.execute(db);
      return r.rows[0]?.seq ?? null;
    },
    /**
     * The room a user's uploads take at `now`, as files and bytes: those held and those their open
     * chunked uploads keep, but `exceptSession`'s (uploadRoomSql).
     */
    async uploadRoom(
      ownerId: string,
      now: string,
      exceptSession?: string,
    ): Promise<{ files: number; bytes: number }> {
      const room = uploadRoomSql(ownerId, now, exceptSession);
      const r = await sql<{ files: number; bytes: number }>`SELECT ${room.files} AS files,
        ${room.bytes} AS bytes`.execute(db);
      return { files: Number(r.rows[0]?.files ?? 0), bytes: Number(r.rows[0]?.bytes ?? 0) };
    },
    /** How many uploads a user holds and their bytes, text included (heldUploadsSql, heldBytesSql). */
    async heldUploads(ownerId: string): Promise<{ files: number; bytes: number }> {
      const r = await sql<{ files: number; bytes: number }>`SELECT count(*) AS files,
        ${heldBytesSql} AS bytes FROM files WHERE ${heldUploadsSql(ownerId)}`.execute(db);
      return { files: Number(r.rows[0]?.files ?? 0), bytes: Number(r.rows[0]?.bytes ?? 0) };
    },
  };
}
