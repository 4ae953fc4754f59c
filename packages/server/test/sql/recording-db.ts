import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { DialectName } from '../../src/db/dialect.js';

/**
 * A Kysely instance that talks to no database: every statement it would send is recorded (its SQL
 * text, the parameters kept aside) and answered with an empty result, or with the canned answer
 * given for its place. The repositories see the real adapter of their dialect
 * (`adapter instanceof PostgresAdapter`), so their dialect branches run as in production.
 */

type Row = Record<string, unknown>;

/** What one statement answers: its rows, or its rows and counts (an UPDATE that touched a row). */
export type CannedAnswer =
  readonly Row[] | { rows?: readonly Row[]; numAffectedRows?: bigint; insertId?: bigint };

/** One statement sent. Transaction control is recorded as such: `begin`, `commit`, `rollback`. */
export interface RecordedStatement {
  kind: 'query' | 'begin' | 'commit' | 'rollback';
  sql: string;
  /** The bound values: kept for whoever asks, never written to the snapshots. */
  parameters: readonly unknown[];
}

export interface RecordingDb {
  db: Db;
  /** Every statement sent so far, in order. */
  statements: RecordedStatement[];
}

/**
 * Answers the n-th query (transaction control not counted) with `answers[n]`, else with nothing:
 * no rows, 0 rows affected, no insert id.
 */
class RecordingConnection implements DatabaseConnection {
  #queries = 0;

  constructor(
    private readonly statements: RecordedStatement[],
    private readonly answers: readonly (CannedAnswer | undefined)[],
  ) {}

  record(kind: RecordedStatement['kind'], sql: string, parameters: readonly unknown[] = []): void {
    this.statements.push({ kind, sql, parameters });
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.record('query', compiled.sql, compiled.parameters);
    return this.#answer<R>(this.answers[this.#queries++]);
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.executeQuery<R>(compiled);
    if (result.rows.length) yield result;
  }

  #answer<R>(answer: CannedAnswer | undefined): QueryResult<R> {
    const given = Array.isArray(answer) ? { rows: answer as readonly Row[] } : (answer ?? {});
    const { rows = [], numAffectedRows = 0n, insertId } = given as Exclude<CannedAnswer, readonly Row[]>;
    return { rows: rows.map((r) => ({ ...r })) as R[], numAffectedRows, insertId };
  }
}

/** One connection for the whole instance: the recording is one sequence, transactions included. */
class RecordingDriver implements Driver {
  constructor(private readonly connection: RecordingConnection) {}

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}

  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const options = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    this.connection.record('begin', options.length ? `start transaction ${options.join(', ')}` : 'begin');
  }
  async commitTransaction(): Promise<void> {
    this.connection.record('commit', 'commit');
  }
  async rollbackTransaction(): Promise<void> {
    this.connection.record('rollback', 'rollback');
  }
  async savepoint(_c: DatabaseConnection, name: string): Promise<void> {
    this.connection.record('query', `savepoint ${name}`);
  }
  async rollbackToSavepoint(_c: DatabaseConnection, name: string): Promise<void> {
    this.connection.record('query', `rollback to ${name}`);
  }
  async releaseSavepoint(_c: DatabaseConnection, name: string): Promise<void> {
    this.connection.record('query', `release ${name}`);
  }
}

function recordingDialect(name: DialectName, driver: Driver): Dialect {
  const postgres = name === 'postgres';
  return {
    createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
    createDriver: () => driver,
    createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
  };
}

/**
 * A recording database of `dialect`. `answers[n]` answers the n-th query it sends (begin, commit
 * and rollback are not counted); later queries, and those without an answer, get an empty result.
 */
export function recordingDb(
  dialect: DialectName,
  answers: readonly (CannedAnswer | undefined)[] = [],
): RecordingDb {
  const statements: RecordedStatement[] = [];
  const driver = new RecordingDriver(new RecordingConnection(statements, answers));
  return { db: new Kysely({ dialect: recordingDialect(dialect, driver) }) as Db, statements };
}
