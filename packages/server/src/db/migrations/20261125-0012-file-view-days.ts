import type { Kysely } from 'kysely';
import { clusteredOnKey } from '../dialect.js';

/**
 * The viewers a file's view was counted for, per day (UTC): the same viewer opening the same file
 * again that day adds no view. `viewer` is a hash of the user or visitor key (files/view-key.ts);
 * rows of past days are pruned, `day` is indexed for that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await clusteredOnKey(db)(
    db.schema
      .createTable('file_view_days')
      .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
      .addColumn('viewer', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('file_view_days_pk', ['file_seq', 'viewer', 'day']),
  ).execute();
  await db.schema.createIndex('file_view_days_day').on('file_view_days').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_view_days').ifExists().execute();
}
