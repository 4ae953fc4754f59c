import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { atomic } from '../../db/unit-of-work.js';
import { filesWhere } from './visibility.js';

/** The repository's view counting: one view per viewer and day, the days forgotten, the count kept. */
export function viewCounts(db: Db) {
  return {
    /**
     * Counts a view of the ready file `seq` unless `viewer` was counted for it on `day`; answers
     * its views, undefined when it is not there (or not ready). The mark and the count land
     * together; of two requests at once, one counts.
     */
    async addView(seq: number, viewer: string, day: string): Promise<number | undefined> {
      return atomic(db, async (trx) => {
        const marked = await trx
          .insertInto('file_view_days')
          .columns(['file_seq', 'viewer', 'day'])
          .expression(
            trx
              .selectFrom('files')
              .select(['seq', sql<string>`${viewer}`.as('viewer'), sql<string>`${day}`.as('day')])
              .where('seq', '=', seq)
              .where(filesWhere('files').ready),
          )
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        const counted = Number(marked.numInsertedOrUpdatedRows ?? 0n) > 0;
        const r = counted
          ? await trx
              .updateTable('files')
              .set({ views: sql`views + 1` })
              .where('seq', '=', seq)
              .returning('views')
              .executeTakeFirst()
          : await trx
              .selectFrom('files')
              .select('views')
              .where('seq', '=', seq)
              .where(filesWhere('files').ready)
              .executeTakeFirst();
        return r?.views;
      });
    },
    /** Forgets who viewed files before `day` (YYYY-MM-DD): their views stay counted. */
    async forgetViewDaysBefore(day: string): Promise<void> {
      await db.deleteFrom('file_view_days').where('day', '<', day).execute();
    },
  };
}
