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

async function rebuild(db: Kysely<unknown>, table: string, contentless: boolean): Promise<void> {
  const text = sql.table(`${table}_text`);
  const fts = sql.table(table);
  if (contentless) {
    await sql`CREATE TABLE ${text} (rowid INTEGER PRIMARY KEY, title TEXT NOT NULL, meta TEXT NOT NULL,
      body TEXT NOT NULL)`.execute(db);
    await sql`INSERT INTO ${text} (rowid, title, meta, body) SELECT rowid, title, meta, body FROM ${fts}`.execute(
      db,
    );
  }
  const source = contentless ? text : sql.table(`${table}_old`);
  if (!contentless) await sql`ALTER TABLE ${text} RENAME TO ${source}`.execute(db);
  await sql`DROP TABLE ${fts}`.execute(db);
  await sql`CREATE VIRTUAL TABLE ${fts} USING fts5(title, meta, body, ${sql.raw(
    contentless ? "content = '', contentless_delete = 1, " : '',
  )}tokenize = ${TOKENIZER})`.execute(db);
  await sql`INSERT INTO ${fts} (rowid, title, meta, body) SELECT rowid, title, meta, body FROM ${source}`.execute(
    db,
  );
  if (!contentless) await sql`DROP TABLE ${source}`.execute(db);
}

/** The Chinese reports' entries are rewritten by the next reading, in the form this build writes. */
async function readChineseAgain(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE files SET reading_version = 0 WHERE language = 'zh' AND status = 'ready'`.execute(db);
  await sql`UPDATE search_generation SET n = n + 1 WHERE id = 1`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) for (const table of TABLES) await rebuild(db, table, true);
  await readChineseAgain(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) for (const table of TABLES) await rebuild(db, table, false);
  await readChineseAgain(db);
}
