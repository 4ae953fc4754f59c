import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every distinct query the server sends; the least recently used goes first beyond it. */
const CACHE_SIZE = 500;

/**
 * The SQLite file as Kysely sees it, with its prepared statements kept: Kysely prepares every
 * query it sends, and preparing costs more than running most of ours. better-sqlite3 runs a
 * statement to its end before it returns (we never stream), so one statement serves every caller;
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, size = CACHE_SIZE): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = kept.get(sql);
      if (statement) kept.delete(sql);
      else statement = sqlite.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
