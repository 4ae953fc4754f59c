import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/**
 * E-mail digests: one row per user and period (`d:2026-12-02`, `w:2026-W49`), unique, so however
 * many workers queue a period it is queued once. A row carries the window of inbox arrivals it
 * lists (items_since, items_until], its sending state, attempts and the lease of the worker
 * sending it (the database's clock), like a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digests')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('items_since', 'text', (c) => c.notNull())
    .addColumn('items_until', 'text', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('digests_user_period', ['user_id', 'period'])
    .execute();
  // The sender's claim: due rows by state and time.
  await db.schema.createIndex('digests_due').on('digests').columns(['state', 'next_attempt_at']).execute();
  // A user's latest digest (the scan's window starts where it ended).
  await db.schema
    .createIndex('digests_user_until')
    .on('digests')
    .columns(['user_id', 'items_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digests').ifExists().execute();
}
