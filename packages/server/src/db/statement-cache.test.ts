import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

const opened: SQLite.Database[] = [];
const memory = () => {
  const sqlite = new SQLite(':memory:');
  opened.push(sqlite);
  return sqlite;
};
afterEach(() => opened.splice(0).forEach((s) => s.open && s.close()));

describe('the statement cache', () => {
  it('prepares a query once and gives the same statement to every later call', () => {
    const cached = withStatementCache(memory());
    const first = cached.prepare('SELECT 1 AS one');
    expect(cached.prepare('SELECT 1 AS one')).toBe(first);
    expect(cached.prepare('SELECT 2 AS two')).not.toBe(first);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cached = withStatementCache(memory(), 2);
    const a = cached.prepare('SELECT 1');
    const b = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(a); // now the most recently used
    cached.prepare('SELECT 3'); // evicts SELECT 2
    expect(cached.prepare('SELECT 1')).toBe(a);
    expect(cached.prepare('SELECT 2')).not.toBe(b);
  });

  it('answers right through Kysely, after a schema change and after a failed statement', async () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new SqliteDialect({ database: withStatementCache(memory()) }),
    });
    await sql`CREATE TABLE t (a integer PRIMARY KEY)`.execute(db);
    const insert = (a: number) => sql`INSERT INTO t (a) VALUES (${a})`.execute(db);
    const all = () => sql<Record<string, unknown>>`SELECT * FROM t ORDER BY a`.execute(db);
    await insert(1);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    await expect(insert(1)).rejects.toThrow(/UNIQUE/);
    await insert(2);
    await sql`ALTER TABLE t ADD COLUMN b text DEFAULT 'x'`.execute(db);
    expect((await all()).rows).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
    ]);
    await db.destroy();
  });
});
