import type { Kysely } from 'kysely';
import { autoIncrementId, clusteredOnKey, createFullTextTable, floatType } from '../dialect.js';

/** The library: files, their pages and tags, the full-text index, jobs, settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('seq', 'integer', autoIncrementId(db))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull().defaultTo('pdf'))
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fail_code', 'text')
    .addColumn('fail_reason', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('owner_id', 'text')
    .addColumn('upload_user', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('upload_time', 'text', (c) => c.notNull())
    .addColumn('updated_time', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('issuer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('authors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('stock_information', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('geographic_region', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('publish_date', 'text')
    .addColumn('asset_class', 'text')
    .addColumn('country', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stars', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Listing by date (empty keyword) walks this index; filters have their own.
  await db.schema
    .createIndex('files_listing')
    .on('files')
    .columns(['status', 'visibility', 'publish_date'])
    .execute();
  await db.schema
    .createIndex('files_asset_class')
    .on('files')
    .columns(['asset_class', 'publish_date'])
    .execute();
  await db.schema.createIndex('files_country').on('files').columns(['country', 'publish_date']).execute();
  await db.schema.createIndex('files_sha256').on('files').column('sha256').execute();
  await db.schema.createIndex('files_issuer').on('files').columns(['issuer', 'status']).execute();
  await db.schema.createIndex('files_owner').on('files').column('owner_id').execute();

  await db.schema
    .createTable('file_tags')
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addPrimaryKeyConstraint('file_tags_pk', ['tag', 'file_seq'])
    .execute();
  await db.schema.createIndex('file_tags_file').on('file_tags').column('file_seq').execute();

  await db.schema
    .createTable('file_pages')
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_pages_pk', ['file_seq', 'page_no'])
    .execute();

  // rowid = files.seq. Chinese is segmented into words before it is written here (segment.ts),
  // so unicode61 sees space-separated tokens in both languages.
  await createFullTextTable(db, 'files_fts');

  // Champion lists for ranking (modules/search/term-impacts.ts); the primary key's order lets a
  // term's heaviest documents be read from the end of its range.
  await clusteredOnKey(db)(
    db.schema
      .createTable('term_impacts')
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('weight', floatType(db), (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('term_impacts_pk', ['term', 'weight', 'seq']),
  ).execute();
  await db.schema.createIndex('term_impacts_seq').on('term_impacts').column('seq').execute();
  // How many documents list each term: expands a typed prefix to its most common completions.
  await clusteredOnKey(db)(
    db.schema
      .createTable('impact_terms')
      .addColumn('term', 'text', (c) => c.primaryKey())
      .addColumn('docs', 'integer', (c) => c.notNull()),
  ).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['state', 'run_after']).execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'app_settings',
    'jobs',
    'term_impacts',
    'impact_terms',
    'files_fts',
    'file_pages',
    'file_tags',
    'files',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
