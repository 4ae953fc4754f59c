import type { Kysely } from 'kysely';
import { floatType } from '../dialect.js';

/**
 * AI reading (issue 6): the one translation of each file per language that every user shares
 * (status, progress, the translated PDF's blob), and the cache of translated texts keyed by the
 * sha256 of the source text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_translations')
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    // 'pending', 'finish' or 'failed' (no row: not_started).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', floatType(db), (c) => c.notNull().defaultTo(0))
    // sha256 of the translated PDF in storage, once finished.
    .addColumn('blob_sha256', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint('file_translations_pk', ['file_seq', 'lang'])
    .execute();
  await db.schema
    .createIndex('file_translations_blob')
    .on('file_translations')
    .column('blob_sha256')
    .execute();

  await db.schema
    .createTable('translation_cache')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('source_sha256', 'text', (c) => c.notNull())
    .addColumn('translated', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_cache_pk', ['lang', 'source_sha256'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_cache').ifExists().execute();
  await db.schema.dropTable('file_translations').ifExists().execute();
}
