import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseSettings } from '../src/db/database.js';

/**
 * The database a test file runs on. The `server` project uses a SQLite file in the test's folder;
 * the `server-pg` project (TEST_DIALECT=postgres, TEST_DATABASE_URL set) gives each caller its own
 * schema on that server, dropped by `drop()`.
 */
export interface TestDatabase {
  settings: DatabaseSettings;
  /** DATABASE_URL that opens the same database (for child processes). */
  url: string;
  drop(): Promise<void>;
}

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (testDialect() === 'sqlite') {
    const path = join(dir, 'library.db');
    return { settings: { kind: 'sqlite', path }, url: `sqlite:${path}`, drop: async () => undefined };
  }
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  return createTestSchema(server);
}

/**
 * A fresh schema on the PostgreSQL server of `server` (a URL), named `t_<pid>_<random>` so that a
 * schema a dead run left behind is recognised and dropped (pg-global-setup.ts).
 */
export async function createTestSchema(server: string): Promise<TestDatabase> {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(server, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const u = new URL(server);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  const url = u.toString();
  return {
    settings: { kind: 'postgres', url, poolSize: 5 },
    url,
    drop: () =>
      withClient(server, (c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
