import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { DownloadsTable } from '../../db/schema.js';

/** A download and the title of its file, null once the file is gone. */
export type DownloadRow = Selectable<DownloadsTable> & { title: string | null };

/** The download history: one row per counted download, kept when the file or the user goes. */
export function createDownloadsRepo(db: Db) {
  return {
    async record(row: Insertable<DownloadsTable>): Promise<void> {
      await db.insertInto('downloads').values(row).execute();
    },

    /** A user's downloads, newest first, each with its file's current title. */
    page(userId: string, window: PageWindow): Promise<Page<DownloadRow>> {
      return pageOf(
        db.selectFrom('downloads').where('downloads.user_id', '=', userId),
        (m) =>
          m
            .leftJoin('files', 'files.id', 'downloads.file_id')
            .selectAll('downloads')
            .select('files.title as title')
            .orderBy('downloads.created_at', 'desc')
            .orderBy('downloads.id', 'desc'),
        window,
      );
    },
  };
}
export type DownloadsRepo = ReturnType<typeof createDownloadsRepo>;
