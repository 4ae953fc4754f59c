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
 * A JSON object stored as text with the text at `key` set to `value`, its other keys as they are
 * in the row when the statement writes it (one UPDATE changes one setting, whatever else changed
 * meanwhile).
 */
export const jsonWithText = (
  db: AnyDb,
  column: Expression<unknown>,
  key: string,
  value: string,
): RawBuilder<string> =>
  isPostgres(db)
    ? sql<string>`(jsonb_set(${column}::jsonb, ${sql.lit(`{${key}}`)}, to_jsonb(${value}::text))::text)`
    : sql<string>`json_set(${column}, ${sql.lit(`$.${key}`)}, ${value})`;

/**
 * A list of texts as one parameter, to read as a subquery (`x IN ${textList(db, values)}`): a
 * report's thousands of words go in one statement, whatever the databases' bound of parameters.
 */
export const textList = (db: AnyDb, values: readonly string[]): RawBuilder<unknown> =>
  isPostgres(db)
    ? sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`
    : sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

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
 * seq). PostgreSQL: a plain table with the texts and a weighted tsvector (title A, meta B, body C)
 * the application builds from its own tokens (modules/search/tsvector.ts; Chinese arrives already
 * segmented into space-separated words, as for FTS5), under a GIN index. Its key is also named
 * `rowid`, so that the same SQL addresses a file's row in either dialect.
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
    rowid integer PRIMARY KEY,
    title text NOT NULL,
    meta text NOT NULL,
    body text NOT NULL,
    tsv tsvector NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX ${sql.id(`${name}_tsv`)} ON ${table} USING gin (tsv)`.execute(db);
}

/** SQLSTATEs of a server that went away or is not accepting connections yet (class 08, 57P0x). */
const PG_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors of a database server that cannot be reached. */
const NET_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg and pg-pool say, without a code, when a connection breaks or cannot be had in time. */
const PG_CONNECTION_MESSAGE =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/;

/**
 * True when a query failed because the database could not be reached (stopped, restarting, the
 * network lost), not because of the query: the caller may try again once it is back. SQLite has
 * no connection to lose (SQLITE_BUSY is contention, not this).
 */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as DriverError & { errors?: unknown; syscall?: unknown; $metadata?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_CONNECTION_CODES.has(code)) return true;
  if (typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) return true;
  // One of the S3 client (it adds $metadata) is the file store's, not the database's.
  if (e.$metadata !== undefined) return false;
  // A socket's own error (a client that hung up has no syscall).
  if (NET_CONNECTION_CODES.has(code) && typeof e.syscall === 'string') return true;
  // Node reports a host with several addresses it could not reach as an AggregateError.
  return Array.isArray(e.errors) && e.errors.some(isConnectionError);
}

/**
 * The tables of the database with their columns: SQLite's (without its internal sqlite_* tables),
 * or those of the first schema on PostgreSQL's search path. For tools that must know every table.
 */
export async function tablesOf(db: AnyDb): Promise<{ name: string; columns: string[] }[]> {
  if (!isPostgres(db)) {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    return tables
      .filter((t) => !t.isView)
      .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }));
  }
  const rows = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const r of rows.rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return [...byTable].map(([name, columns]) => ({ name, columns }));
}

/**
 * The highest id an identity column has handed out, 0 for none. SQLite's AUTOINCREMENT remembers it
 * in sqlite_sequence (ids of deleted rows are never reused), PostgreSQL in the column's sequence.
 */
export async function identityHighWater(db: AnyDb, table: string, column: string): Promise<number> {
  const t = sql.table(table);
  const c = sql.ref(column);
  const r = isPostgres(db)
    ? await sql<{ n: number | null }>`SELECT greatest(
        (SELECT max(${c}) FROM ${t}),
        pg_sequence_last_value(pg_get_serial_sequence(${table}, ${column})::regclass)) AS n`.execute(db)
    : await sql<{ n: number | null }>`SELECT max(
        coalesce((SELECT max(${c}) FROM ${t}), 0),
        coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${table}), 0)) AS n`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Makes an identity column hand out ids above `after` (and above every id in the table) from now on:
 * rows copied in with their own ids do not move the counter by themselves on PostgreSQL.
 */
export async function continueIdentityAfter(
  db: AnyDb,
  table: string,
  column: string,
  after: number,
): Promise<void> {
  const t = sql.table(table);
  const c = sql.ref(column);
  if (isPostgres(db)) {
    // setval(seq, n, true): the next id is n + 1; setval(seq, 1, false): it is 1 (an empty table).
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), greatest(n, 1), n >= 1)
      FROM (SELECT greatest(${after}::bigint, coalesce(max(${c}), 0)) AS n FROM ${t}) x`.execute(db);
    return;
  }
  const r = await sql`UPDATE sqlite_sequence SET seq = max(seq, ${after}) WHERE name = ${table}`.execute(db);
  if (!r.numAffectedRows)
    await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${table}, ${after})`.execute(db);
}

/**
 * The database's own time, plus `plusMs`, as ISO-8601 UTC text with milliseconds (the format of
 * every timestamp column): leases judged by one clock, whatever the clocks of the workers' machines.
 */
export const databaseTimeIso = (db: AnyDb, plusMs = 0): RawBuilder<string> =>
  isPostgres(db)
    ? sql<string>`to_char((clock_timestamp() + ${plusMs}::double precision * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${plusMs / 1000} seconds`})`;

/**
 * Appended to a `SELECT … LIMIT n` that picks rows to take: PostgreSQL locks them and passes over
 * rows another transaction holds (FOR UPDATE SKIP LOCKED); SQLite's single writer needs nothing.
 */
export const skipLockedRows = (db: AnyDb): RawBuilder<unknown> =>
  isPostgres(db) ? sql`FOR UPDATE SKIP LOCKED` : sql``;

/**
 * Tells the listeners of `channel` (other processes) that there is news, when the current
 * transaction commits (PostgreSQL NOTIFY). SQLite has no such channel: its readers poll.
 */
export async function notifyChannel(db: AnyDb, channel: string): Promise<void> {
  if (isPostgres(db)) await sql`SELECT pg_notify(${channel}, '')`.execute(db);
}

/**
 * Locks the rows a SELECT reads until the transaction ends (PostgreSQL `FOR UPDATE`), so that the
 * check made on them and the writes it decides cannot interleave with another transaction's.
 * SQLite writes one transaction at a time and refuses a write from a stale read: nothing to add.
 */
export const forUpdate = <Q extends { forUpdate(): Q }>(db: AnyDb, query: Q): Q =>
  isPostgres(db) ? query.forUpdate() : query;

/**
 * The integer at `key` of a JSON object stored as text, null when absent or not a number
 * (SQLite's json_extract; PostgreSQL checks the JSON type before it casts, so another job's
 * payload can never make the cast fail).
 */
export const jsonInteger = (
  db: AnyDb,
  column: Expression<unknown>,
  key: string,
): RawBuilder<number | null> =>
  isPostgres(db)
    ? sql<number | null>`(CASE WHEN jsonb_typeof(${column}::jsonb -> ${sql.lit(key)}) = 'number'
        THEN (${column}::jsonb ->> ${sql.lit(key)})::bigint END)`
    : sql<number | null>`json_extract(${column}, ${sql.lit(`$.${key}`)})`;

/**
 * Makes an integer column hold 64-bit values (byte counts of many files): PostgreSQL's `integer`
 * stops at 2^31; SQLite's INTEGER already holds 64 bits, so nothing changes there.
 */
export async function widenToBigint(db: AnyDb, table: string, column: string): Promise<void> {
  if (isPostgres(db))
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} TYPE bigint`.execute(db);
}

/**
 * Removes every row of `tables` (listed parents after children, or all at once) and restarts
 * their identity counters: one TRUNCATE on PostgreSQL, DELETEs in the order given on SQLite.
 */
export async function emptyTables(db: AnyDb, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  if (isPostgres(db)) {
    await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY`.execute(db);
    return;
  }
  for (const t of tables) await sql`DELETE FROM ${sql.table(t)}`.execute(db);
  await sql`DELETE FROM sqlite_sequence WHERE name IN (${sql.join(tables)})`.execute(db);
}
