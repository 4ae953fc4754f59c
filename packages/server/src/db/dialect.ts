import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  type RawBuilder,
} from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL lives here, so the rest of the server
 * writes one SQL. Helpers read the dialect off the Kysely instance (or transaction) they are given.
 */
export type DialectName = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations see Kysely<unknown>
type AnyDb = Kysely<any>;

export const dialectOf = (db: AnyDb): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

export const isPostgres = (db: AnyDb): boolean => dialectOf(db) === 'postgres';

/** An integer primary key the database numbers (SQLite AUTOINCREMENT, a PostgreSQL identity). */
export const autoIncrementId =
  (db: AnyDb) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

/** Text compared case-insensitively (equality, UNIQUE, ORDER BY): NOCASE, or citext (contrib). */
export const caseInsensitiveText = (db: AnyDb): RawBuilder<unknown> =>
  isPostgres(db) ? sql`citext` : sql`text COLLATE NOCASE`;

/** A double-precision float (SQLite's REAL is already 8 bytes; PostgreSQL's is 4). */
export const floatType = (db: AnyDb): 'real' | 'double precision' =>
  isPostgres(db) ? 'double precision' : 'real';

/** A table clustered on its primary key (SQLite WITHOUT ROWID; PostgreSQL has no such option). */
export const clusteredOnKey =
  (db: AnyDb) =>
  <T extends string, C extends string>(b: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> =>
    isPostgres(db) ? b : b.modifyEnd(sql`WITHOUT ROWID`);

/** Installs what the PostgreSQL schema needs from contrib (citext); nothing on SQLite. */
export async function prepareDialect(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  // Installed into `public` so that every schema on the search path (tests use one each) sees it.
  await sql`CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public`.execute(db).catch(async (err) => {
    // Two first starts at once: the loser of the race sees a duplicate; the extension is there.
    if (!isUniqueViolation(err)) throw err;
  });
}

/** The text at `key` of a JSON object stored as text. */
export const jsonText = (db: AnyDb, column: Expression<unknown>, key: string): RawBuilder<string> =>
  isPostgres(db)
    ? sql<string>`(${column}::jsonb ->> ${sql.lit(key)})`
    : sql<string>`json_extract(${column}, ${sql.lit(`$.${key}`)})`;

/**
 * Serialises transactions that would otherwise race on a check-then-write (a quota, a claim):
 * PostgreSQL takes a transaction-scoped advisory lock on the key; SQLite has one writer at a time,
 * and the callers' conditional statements already see every committed write.
 */
export async function lockForTransaction(trx: AnyDb, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

interface DriverError {
  code?: unknown;
  detail?: unknown;
  message?: unknown;
}

/** True when a write broke a UNIQUE or PRIMARY KEY constraint. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The columns of the UNIQUE constraint a write broke (bare names), as the driver tells them:
 * SQLite in its message ("UNIQUE constraint failed: users.email"), PostgreSQL in the detail
 * ("Key (user_id, name)=(...) already exists.").
 */
export function violatedColumns(err: unknown): string[] {
  if (!isUniqueViolation(err)) return [];
  const e = err as DriverError;
  const pg = /^Key \(([^)]*)\)=/.exec(String(e.detail ?? ''));
  const list = pg ? pg[1]! : (/constraint failed: (.+)$/.exec(String(e.message))?.[1] ?? '');
  return list
    .split(',')
    .map((s) => s.trim().replace(/^.*\./, ''))
    .filter(Boolean);
}

/**
 * A full-text table of (title, meta, body) keyed by files.seq. SQLite: an FTS5 table (rowid =
 * seq). PostgreSQL: a plain table with the texts and a `simple`-config tsvector under a GIN
 * index (Chinese arrives already segmented into space-separated words, as for FTS5).
 */
export async function createFullTextTable(db: AnyDb, name: string): Promise<void> {
  const table = sql.table(name);
  if (!isPostgres(db)) {
    await sql`CREATE VIRTUAL TABLE ${table} USING fts5(title, meta, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    return;
  }
  await sql`CREATE TABLE ${table} (
    seq integer PRIMARY KEY,
    title text NOT NULL,
    meta text NOT NULL,
    body text NOT NULL,
    tsv tsvector NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX ${sql.id(`${name}_tsv`)} ON ${table} USING gin (tsv)`.execute(db);
}
