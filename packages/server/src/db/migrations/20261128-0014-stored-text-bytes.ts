import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * `files.text_bytes`: the UTF-8 bytes of the text stored for a file (its pages), written with the
 * pages. An upload's storage is its PDF and its text, so a small PDF that yields much text is
 * counted for what it takes in the database. Files read before are counted from their pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('text_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const bytes = isPostgres(db)
    ? sql`octet_length(file_pages.text)`
    : sql`length(CAST(file_pages.text AS BLOB))`;
  await sql`UPDATE files SET text_bytes =
    (SELECT coalesce(sum(${bytes}), 0) FROM file_pages WHERE file_pages.file_seq = files.seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('text_bytes').execute();
}
