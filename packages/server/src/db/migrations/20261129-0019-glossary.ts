import { sql, type Kysely } from 'kysely';

/**
 * The administrator's changes to the finance glossary, kept beside the built-in terms (which ship
 * in the code, so a later release's new terms still arrive): one row a term added here, or a
 * built-in term edited or removed here (`builtin` names it by its first Chinese form). And
 * glossary_version, one row that every change bumps in its transaction: each process compares it
 * to reload the glossary within seconds of a change made anywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('glossary_terms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('builtin', 'text', (c) => c.unique())
    // Forms separated by '|', preferred first; empty for a removed built-in term.
    .addColumn('zh', 'text', (c) => c.notNull())
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('glossary_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO glossary_version (id, n) VALUES (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('glossary_version').ifExists().execute();
  await db.schema.dropTable('glossary_terms').ifExists().execute();
}
