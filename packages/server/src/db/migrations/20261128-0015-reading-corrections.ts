import type { Kysely } from 'kysely';

/**
 * What a report is (`report_type`), its analysts' registration numbers (`author_registrations`,
 * JSON object name → number), the fields a person corrected (`corrected_fields`, JSON list of
 * column names a re-reading keeps) and which version of the reading read the file
 * (`reading_version`; 0: read before versions were counted, so every existing file is behind).
 * Jobs get a `priority` (higher first), so a re-ingestion of the library yields to uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('report_type', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('author_registrations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('corrected_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('reading_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The progress of a re-ingestion counts ready files by reading version at every health check.
  await db.schema.createIndex('files_reading').on('files').columns(['status', 'reading_version']).execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
  await db.schema.dropIndex('files_reading').ifExists().execute();
  for (const column of ['reading_version', 'corrected_fields', 'author_registrations', 'report_type'])
    await db.schema.alterTable('files').dropColumn(column).execute();
}
