import { sql, type Kysely } from 'kysely';

/**
 * Names of companies beyond the table shipped with the product (modules/companies): the names
 * notes print beside a ticker (source `notes`, learned at ingestion) and the console's edits
 * (source `console`). A `hidden` row takes a name away from its company, whatever its source.
 * Read whole into memory by the company directory, so no index besides the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_names')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_names_pk', ['ticker', 'name'])
    .execute();
  // The names the library's notes already print.
  await sql`INSERT INTO company_names (ticker, name, source, hidden, updated_at)
    SELECT DISTINCT ticker, company_name, 'notes', 0, '1970-01-01T00:00:00.000Z'
    FROM file_companies WHERE company_name <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_names').ifExists().execute();
}
