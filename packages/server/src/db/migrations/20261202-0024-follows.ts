import type { Kysely } from 'kysely';

/**
 * Follows and the inbox. A follow names what a new report must carry (kind, key); the matching
 * looks follows up by (kind, key), and saved searches by their terms (follow_terms), so a report
 * never reads every follow. An inbox row holds a report once per user, with the follows it matched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('search', 'text')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('follows_user_target', ['user_id', 'kind', 'key'])
    .execute();
  await db.schema.createIndex('follows_target').on('follows').columns(['kind', 'key']).execute();

  await db.schema
    .createTable('follow_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('follow_id', 'text', (c) => c.notNull().references('follows.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('follow_terms_pk', ['term', 'follow_id'])
    .execute();
  await db.schema.createIndex('follow_terms_follow').on('follow_terms').column('follow_id').execute();

  await db.schema
    .createTable('inbox_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addColumn('follow_ids', 'text', (c) => c.notNull())
    .addColumn('arrived_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addPrimaryKeyConstraint('inbox_items_pk', ['user_id', 'file_seq'])
    .execute();
  await db.schema
    .createIndex('inbox_items_user_time')
    .on('inbox_items')
    .columns(['user_id', 'arrived_at'])
    .execute();
  await db.schema.createIndex('inbox_items_file').on('inbox_items').column('file_seq').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inbox_items').ifExists().execute();
  await db.schema.dropTable('follow_terms').ifExists().execute();
  await db.schema.dropTable('follows').ifExists().execute();
}
