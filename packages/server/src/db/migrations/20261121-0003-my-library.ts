import type { Kysely } from 'kysely';
import { autoIncrementId, caseInsensitiveText, createFullTextTable } from '../dialect.js';

/**
 * My library (issue 5): file stars, issuer stars, collections, chunked upload sessions, the
 * download history, a private full-text index of users' own uploads, and the DMCA take-down mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Set when a DMCA complaint is accepted (issue 7): the file disappears everywhere at once.
  await db.schema.alterTable('files').addColumn('taken_down_at', 'text').execute();

  // rowid = files.seq of a ready private upload. Kept apart from files_fts so that the library's
  // index holds exactly the ready public files and its champion lists never see private text.
  await createFullTextTable(db, 'private_fts');

  await db.schema
    .createTable('file_stars')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_stars_pk', ['user_id', 'file_seq'])
    .execute();
  await db.schema
    .createIndex('file_stars_user_time')
    .on('file_stars')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('file_stars_file').on('file_stars').column('file_seq').execute();

  await db.schema
    .createTable('issuer_stars')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('issuer_stars_pk', ['user_id', 'issuer'])
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', caseInsensitiveText(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('collections_user_name', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('collection_files')
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_files_pk', ['collection_id', 'file_seq'])
    .execute();
  await db.schema.createIndex('collection_files_file').on('collection_files').column('file_seq').execute();

  // A chunked upload under way: its bytes so far live in DATA_DIR/uploads/<id>.part.
  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('received_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_sessions_user').on('upload_sessions').column('user_id').execute();

  // Kept when the file or the user goes: it is a record of what left the library.
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('downloads_user_time')
    .on('downloads')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('downloads_file').on('downloads').columns(['file_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'downloads',
    'upload_sessions',
    'collection_files',
    'collections',
    'issuer_stars',
    'file_stars',
    'private_fts',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('files').dropColumn('taken_down_at').execute();
}
