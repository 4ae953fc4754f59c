import type { Kysely } from 'kysely';

/**
 * When each user is next looked at for a digest: the scan passes over a user until their next
 * period starts (`due_at`), unless what decides their periods changed meanwhile (`basis`: the
 * digest's frequency and zone chosen, the plan and its end). A user with no row is looked at as
 * soon as an inbox arrival is newer than their last digest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_due')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digest_due').ifExists().execute();
}
