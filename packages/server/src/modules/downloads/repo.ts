import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DownloadsTable } from '../../db/schema.js';

export type DownloadRow = Selectable<DownloadsTable>;

/** The download history: one row per counted download, kept when the file or the user goes. */
export function createDownloadsRepo(db: Db) {
  return {
    async record(row: Insertable<DownloadsTable>): Promise<void> {
      await db.insertInto('downloads').values(row).execute();
    },

    /** A user's downloads, newest first. */
    async page(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: DownloadRow[]; total: number }> {
      const rows = await db
        .selectFrom('downloads')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const n = await db
        .selectFrom('downloads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n.n) };
    },
  };
}
export type DownloadsRepo = ReturnType<typeof createDownloadsRepo>;
