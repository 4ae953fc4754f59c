import type { Kysely } from 'kysely';

/**
 * Where a note's own facts were printed (title, broker, date, analysts, type, sector, sector
 * view): a JSON object of `{ page, text, unsure? }` by fact (pdf/fact-source.ts). Its companies'
 * facts keep theirs in their `stock_information` entries. Files read before are read again
 * (READING_VERSION 4) and get theirs then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('fact_sources', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('fact_sources').execute();
}
