import type { Kysely } from 'kysely';
import { clusteredOnKey } from '../dialect.js';

/**
 * The searches a quota subject (user, fingerprint or IP) was counted for, keyed by a hash of the
 * normalised query: a later page of one of them within its window is free, any other page counts.
 * Rows past the window are pruned; `ran_at` (ISO time) is indexed for that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await clusteredOnKey(db)(
    db.schema
      .createTable('search_runs')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('query_hash', 'text', (c) => c.notNull())
      .addColumn('ran_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_runs_pk', ['subject', 'query_hash']),
  ).execute();
  await db.schema.createIndex('search_runs_time').on('search_runs').column('ran_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_runs').ifExists().execute();
}
