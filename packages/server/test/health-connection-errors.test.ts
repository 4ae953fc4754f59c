import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isConnectionError } from '../src/db/dialect.js';
import { testDialect } from './test-database.js';

/** The error a promise rejects with (the test fails if it resolves). */
const failureOf = async (p: Promise<unknown>): Promise<unknown> => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

/** A port on which nothing listens (taken from the OS, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Real driver errors, told apart: a lost or unreachable server, or a failure of the query itself. */
describe.runIf(testDialect() === 'sqlite')('isConnectionError, without a server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rl-conn-err-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is true for a server that refuses the connection', async () => {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/x`,
    });
    expect(isConnectionError(await failureOf(client.connect()))).toBe(true);
  });

  it('is true when a pool cannot get a connection in time', async () => {
    // A listener that never answers the startup message: the pool gives up after its timeout.
    const silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${(silent.address() as { port: number }).port}/x`,
      connectionTimeoutMillis: 200,
    });
    try {
      expect(isConnectionError(await failureOf(pool.query('SELECT 1')))).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it('is false for SQLite contention (SQLITE_BUSY) and constraint errors', () => {
    const path = join(dir, 'busy.db');
    const a = new Database(path);
    const b = new Database(path, { timeout: 0 });
    try {
      a.exec('CREATE TABLE t (id integer PRIMARY KEY)');
      a.exec('BEGIN IMMEDIATE');
      let busy: unknown;
      try {
        b.exec('BEGIN IMMEDIATE');
      } catch (err) {
        busy = err;
      }
      expect((busy as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isConnectionError(busy)).toBe(false);
      a.exec('INSERT INTO t VALUES (1)');
      let duplicate: unknown;
      try {
        a.exec('INSERT INTO t VALUES (1)');
      } catch (err) {
        duplicate = err;
      }
      expect(isConnectionError(duplicate)).toBe(false);
      a.exec('ROLLBACK');
    } finally {
      a.close();
      b.close();
    }
  });

  it('is false for the error of a request whose client hung up', async () => {
    const server = createHttpServer();
    let seen!: () => void;
    const requestSeen = new Promise<void>((r) => (seen = r));
    const aborted = new Promise<unknown>((resolve) =>
      server.on('request', (req) => {
        req.on('error', resolve);
        req.resume();
        seen();
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    // A request that announces a body it never finishes; the client goes away once it is read.
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npartial');
    });
    await requestSeen;
    socket.destroy();
    try {
      const err = await aborted;
      expect((err as { code?: string }).code).toBe('ECONNRESET');
      expect(isConnectionError(err)).toBe(false);
    } finally {
      server.close();
    }
  });
});

describe.runIf(testDialect() === 'postgres')('isConnectionError, on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;

  it('is true when the server terminates the session (57P01, as in a restart)', async () => {
    const victim = new pg.Client({ connectionString: url });
    const admin = new pg.Client({ connectionString: url });
    await victim.connect();
    await admin.connect();
    // The terminated client also emits 'error'; a listener keeps it from being thrown.
    victim.on('error', () => undefined);
    try {
      const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pending = failureOf(victim.query('SELECT pg_sleep(30)'));
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      const err = await pending;
      expect((err as { code?: string }).code).toBe('57P01');
      expect(isConnectionError(err)).toBe(true);
      // The dead client refuses further queries: also a connection error.
      expect(isConnectionError(await failureOf(victim.query('SELECT 1')))).toBe(true);
    } finally {
      await victim.end().catch(() => undefined);
      await admin.end();
    }
  });

  it('is false for errors of the query itself', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(isConnectionError(await failureOf(client.query('SELEC 1')))).toBe(false);
      expect(isConnectionError(await failureOf(client.query('SELECT 1/0')))).toBe(false);
      expect(isConnectionError(await failureOf(client.query('SELECT * FROM no_such_table')))).toBe(false);
    } finally {
      await client.end();
    }
  });
});
