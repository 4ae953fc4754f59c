import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { DownloadsTable } from '../../db/schema.js';

export type DownloadRow = Selectable<DownloadsTable>;

/** The download history: one row per counted download, kept when the file or the user goes. */
export function createDownloadsRepo(db: Db) {
  return {
    async record(row: Insertable<DownloadsTable>): Promise<void> {
      await db.insertInto('downloads').values(row).execute();
    },

    /** A user's downloads, newest first. */
    page(userId: string, window: PageWindow): Promise<Page<DownloadRow>> {
      return pageOf(
        db.selectFrom('downloads').where('user_id', '=', userId),
        (m) => m.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        window,
      );
    },
  };
}
export type DownloadsRepo = ReturnType<typeof createDownloadsRepo>;
