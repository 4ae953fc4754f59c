import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import type { Database } from './schema.js';
import { isPostgres, prepareDialect } from './dialect.js';
import { withStatementCache } from './statement-cache.js';
import * as m0001 from './migrations/20261121-0001-library.js';
import * as m0002 from './migrations/20261121-0002-accounts.js';
import * as m0003 from './migrations/20261121-0003-my-library.js';
import * as m0004 from './migrations/20261123-0004-admin.js';
import * as m0005 from './migrations/20261123-0005-dmca-contact.js';
import * as m0006 from './migrations/20261123-0006-summaries.js';
import * as m0007 from './migrations/20261123-0007-translations.js';
import * as m0008 from './migrations/20261124-0008-job-leases.js';
import * as m0009 from './migrations/20261124-0009-shared-claims.js';
import * as m0010 from './migrations/20261124-0010-search-generation.js';
import * as m0011 from './migrations/20261124-0011-search-runs.js';
import * as m0012 from './migrations/20261125-0012-file-view-days.js';
import * as m0013 from './migrations/20261125-0013-sqlite-search-generation.js';
import * as m0014 from './migrations/20261128-0014-stored-text-bytes.js';
import * as m0015 from './migrations/20261128-0015-reading-corrections.js';
import * as m0016 from './migrations/20261128-0016-research-data.js';
import * as m0017 from './migrations/20261128-0017-counter-notices.js';
import * as m0018 from './migrations/20261128-0018-tag-case.js';
import * as m0019 from './migrations/20261129-0019-glossary.js';
import * as m0020 from './migrations/20261129-0020-research-date-indexes.js';
import * as m0021 from './migrations/20261129-0021-printed-search-text.js';
import * as m0022 from './migrations/20261129-0022-champion-list-vacuum.js';
import * as m0023 from './migrations/20261202-0023-bounded-readings.js';
import * as m0024 from './migrations/20261202-0024-follows.js';
import * as m0025 from './migrations/20261203-0025-digests.js';
import * as m0026 from './migrations/20261203-0026-issuer-stars-to-follows.js';
import * as m0027 from './migrations/20261203-0027-research-confirmations.js';
import * as m0028 from './migrations/20261203-0028-company-names.js';
import * as m0029 from './migrations/20261203-0029-digest-due.js';
import * as m0030 from './migrations/20261203-0030-industry-view.js';
import * as m0031 from './migrations/20261203-0031-fact-sources.js';

export type Db = Kysely<Database>;

/** Where the data lives: the embedded SQLite file (default) or a PostgreSQL server. */
export type DatabaseSettings =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'postgres';
      /** A libpq-style URL; `?options=-c search_path=…` picks a schema. */
      url: string;
      /** Connections this process keeps at most. */
      poolSize?: number;
    };

/** Migrations in order; listed explicitly so no file-system scan happens at start. */
const MIGRATIONS: Record<string, Migration> = {
  '20261121-0001-library': m0001,
  '20261121-0002-accounts': m0002,
  '20261121-0003-my-library': m0003,
  '20261123-0004-admin': m0004,
  '20261123-0005-dmca-contact': m0005,
  '20261123-0006-summaries': m0006,
  '20261123-0007-translations': m0007,
  '20261124-0008-job-leases': m0008,
  '20261124-0009-shared-claims': m0009,
  '20261124-0010-search-generation': m0010,
  '20261124-0011-search-runs': m0011,
  '20261125-0012-file-view-days': m0012,
  '20261125-0013-sqlite-search-generation': m0013,
  '20261128-0014-stored-text-bytes': m0014,
  '20261128-0015-reading-corrections': m0015,
  '20261128-0016-research-data': m0016,
  '20261128-0017-counter-notices': m0017,
  '20261128-0018-tag-case': m0018,
  '20261129-0019-glossary': m0019,
  '20261129-0020-research-date-indexes': m0020,
  '20261129-0021-printed-search-text': m0021,
  '20261129-0022-champion-list-vacuum': m0022,
  '20261202-0023-bounded-readings': m0023,
  '20261202-0024-follows': m0024,
  '20261203-0025-digests': m0025,
  '20261203-0026-issuer-stars-to-follows': m0026,
  '20261203-0027-research-confirmations': m0027,
  '20261203-0028-company-names': m0028,
  '20261203-0029-digest-due': m0029,
  '20261203-0030-industry-view': m0030,
  '20261203-0031-fact-sources': m0031,
};

/** Opens the database the settings name behind one Kysely instance. */
export function openDatabase(
  settings: DatabaseSettings,
  opts: { onPoolError?: (err: Error) => void } = {},
): Db {
  return settings.kind === 'sqlite' ? openSqlite(settings.path).db : openPostgres(settings, opts.onPoolError);
}

/** Opens the SQLite database file (WAL, foreign keys on) behind a Kysely instance. */
export function openSqlite(path: string): { db: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  // Refreshes the planner's statistics when they are missing or stale (SQLite's advice), from a
  // sample of each index: every process runs it as it opens the library, and after the library
  // grew (ingestion, a day's sessions) a full ANALYZE of every table held each one for ~0.5 s on
  // a 300-report library, seconds on a larger one, before it could listen.
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, sqlite };
}

/** 64-bit integers (counts, sums) and numerics as JS numbers: every value we store fits. */
const PG_TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number.parseInt(v, 10);
    if (oid === pg.types.builtins.NUMERIC) return (v: string) => Number.parseFloat(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

function openPostgres(
  settings: Extract<DatabaseSettings, { kind: 'postgres' }>,
  onPoolError: (err: Error) => void = () => undefined,
): Db {
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolSize ?? 10,
    // A lost server is noticed within seconds instead of hanging a request.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: PG_TYPES,
  });
  // An idle connection the server dropped (restart, failover) emits here; without a listener it
  // would crash the process. The pool replaces it on the next checkout.
  pool.on('error', onPoolError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  await prepareDialect(db);
  // Kysely looks for its migration tables in every schema unless told which: with another schema
  // on the same server holding them (a second installation, parallel tests) it would skip creating
  // its own. PostgreSQL: the schema the connection writes to.
  const schema = isPostgres(db)
    ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Before it migrates, Kysely reads the tables of every schema on the server; another schema
    // dropped meanwhile (another installation, a parallel test run ending) fails that read with
    // invalid_schema_name. Nothing was applied (each migration runs in its transaction): again.
    if (attempt < 3 && (error as { code?: unknown }).code === '3F000') continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}
