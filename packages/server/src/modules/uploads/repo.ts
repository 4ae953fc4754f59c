import { sql } from 'kysely';
import type { FileStatus } from '@rl/contract';
import type { Db } from '../../db/database.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import { lockForTransaction } from '../../db/dialect.js';
import type { FileRow } from '../files/presenter.js';
import { libraryContentLock } from '../files/repo.js';
import { takedownsOf } from '../dmca/takedown.js';
import { filesWhere } from '../files/visibility.js';

/** SQL of "my files": a user's uploads, deleting one, moving one between the indexes. */
export function createMyFilesRepo(db: Db) {
  const mine = (userId: string, status?: FileStatus) => {
    let q = db.selectFrom('files').where('owner_id', '=', userId).where('source', '=', 'upload');
    if (status) q = q.where('status', '=', status);
    return q;
  };
  return {
    /** What keeps each taken-down file of `rows` down, as its owner reads it. */
    takedowns: (rows: readonly FileRow[]) => takedownsOf(db, rows),
    page(userId: string, status: FileStatus | undefined, window: PageWindow): Promise<Page<FileRow>> {
      return pageOf(
        mine(userId, status),
        (m) => m.selectAll().orderBy('upload_time', 'desc').orderBy('seq', 'desc'),
        window,
      );
    },
    async owned(userId: string, fileId: string): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', fileId)
        .where('owner_id', '=', userId)
        .executeTakeFirst();
    },
    /**
     * Deletes an owned file row (pages, tags, stars and collection entries go with it by foreign
     * key). The first statement of its transaction (removeOwned), so the write lock is held from
     * the start.
     */
    async deleteOwned(userId: string, fileId: string): Promise<{ seq: number; sha256: string } | undefined> {
      return db
        .deleteFrom('files')
        .where('id', '=', fileId)
        .where('owner_id', '=', userId)
        .returning(['seq', 'sha256'])
        .executeTakeFirst();
    },
    /**
     * Bumps the update time of an owned file and answers its row: the first statement of a
     * correction's transaction, so the write lock is held before the row is judged.
     */
    async touchOwned(userId: string, fileId: string, now: string): Promise<FileRow | undefined> {
      return db
        .updateTable('files')
        .set({ updated_time: now })
        .where('id', '=', fileId)
        .where('owner_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
    /** The owner changed what an administrator confirmed: the research data is their claim again. */
    async unconfirmResearch(seq: number): Promise<void> {
      await db.updateTable('files').set({ research_confirmed_at: null }).where('seq', '=', seq).execute();
    },
    /** Sets the visibility of an owned file and answers the row as it is now. */
    async setVisibility(
      userId: string,
      fileId: string,
      visibility: FileRow['visibility'],
      now: string,
    ): Promise<FileRow | undefined> {
      return db
        .updateTable('files')
        .set({ visibility, updated_time: now })
        .where('id', '=', fileId)
        .where('owner_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
    /**
     * Another file of the same content is in the public library (ready or on its way). Asked in
     * the transaction that publishes a file, under the content's lock (held until it commits), so
     * two files of one content published at once cannot both pass.
     */
    async inLibrary(sha256: string, exceptSeq: number): Promise<boolean> {
      await lockForTransaction(db, libraryContentLock(sha256));
      const r = await sql`SELECT 1 FROM files WHERE sha256 = ${sha256}
        AND ${filesWhere('files').inLibraryOrComing} AND seq != ${exceptSeq} LIMIT 1`.execute(db);
      return r.rows.length > 0;
    },
  };
}

export type MyFilesRepo = ReturnType<typeof createMyFilesRepo>;
