import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * The search index keeps the text as printed beside the folded text it indexes, so that excerpts
 * show traditional Chinese as the report prints it (the index holds it folded to simplified).
 *
 * SQLite: FTS5 stored what it indexed. Each full-text table becomes contentless (content='',
 * contentless_delete=1: rows still deleted by rowid) with the printed text in `<table>_text`
 * (rowid = files.seq). PostgreSQL's tables already keep their columns apart from the tsvector.
 *
 * Existing entries were written folded: the Chinese reports are read again in the background
 * (reingest-job.ts) to write their printed text; until then they show as before.
 */
const TABLES = ['files_fts', 'private_fts'];
const TOKENIZER = sql.lit('unicode61 remove_diacritics 2');

/** Creates the FTS5 table `table`, contentless or storing its text, indexing the rows of `source`. */
async function createFts(db: Kysely<unknown>, table: string, contentless: boolean, source: string) {
  const options = sql.raw(contentless ? "content = '', contentless_delete = 1, " : '');
  await sql`CREATE VIRTUAL TABLE ${sql.table(table)} USING fts5(title, meta, body, ${options}tokenize = ${TOKENIZER})`.execute(
    db,
  );
  await sql`INSERT INTO ${sql.table(table)} (rowid, title, meta, body)
    SELECT rowid, title, meta, body FROM ${sql.table(source)}`.execute(db);
}

/** An FTS5 table storing its text becomes a contentless one beside a plain table of that text. */
async function toContentless(db: Kysely<unknown>, table: string): Promise<void> {
  const text = `${table}_text`;
  await sql`CREATE TABLE ${sql.table(text)} (rowid INTEGER PRIMARY KEY, title TEXT NOT NULL,
    meta TEXT NOT NULL, body TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO ${sql.table(text)} (rowid, title, meta, body)
    SELECT rowid, title, meta, body FROM ${sql.table(table)}`.execute(db);
  await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  await createFts(db, table, true, text);
}

/** Back: the FTS5 table stores the text again, and the plain table goes. */
async function toStoredContent(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  await createFts(db, table, false, `${table}_text`);
  await sql`DROP TABLE ${sql.table(`${table}_text`)}`.execute(db);
}

/** The Chinese reports' entries are rewritten by the next reading, in the form this build writes. */
async function readChineseAgain(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE files SET reading_version = 0 WHERE language = 'zh' AND status = 'ready'`.execute(db);
  await sql`UPDATE search_generation SET n = n + 1 WHERE id = 1`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) for (const table of TABLES) await toContentless(db, table);
  await readChineseAgain(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) for (const table of TABLES) await toStoredContent(db, table);
  await readChineseAgain(db);
}
