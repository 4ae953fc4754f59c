import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, HealthResponse } from '@rl/contract';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { waitFor } from './process.js';

/**
 * The database goes away under a running app and comes back: calls answer 503 with a clear
 * message meanwhile (never hang, never 500), and the app serves again by itself afterwards.
 * It stops its own PostgreSQL server (private-postgres.ts), so it runs in the SQLite project only
 * (vitest.pg.config.ts leaves it out): once is enough.
 */
const bin = postgresBinDir();
if (!bin) console.log('lost-database test skipped: PostgreSQL is not installed (no initdb)');

describe.skipIf(!bin)('a lost database connection', () => {
  let pg: PrivatePostgres;
  let lib: TestLibrary;
  let fileId: string;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    lib = await openTestLibrary({ DATABASE_URL: pg.url });
    fileId = (await buildFile(lib.db, { title: 'Copper supply outlook' })).id;
  });
  afterAll(async () => {
    await lib?.close();
    await pg?.remove();
  });

  /** Fails (instead of waiting for the test's time limit) if the app does not answer at all. */
  const answered = <T>(what: string, p: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer: the request hangs`)), 30_000);
    });
    return Promise.race([p, hung]).finally(() => clearTimeout(timer));
  };
  /** A call that reads the database: a report's detail. */
  const detail = () =>
    answered(
      'file detail',
      lib.app.inject({ method: 'POST', url: '/api/file/file_detail', payload: { file_id: fileId } }),
    );
  const health = () => answered('health', lib.app.inject({ method: 'GET', url: '/api/health' }));

  it('serves while the database is up', async () => {
    const h = await health();
    expect(h.statusCode).toBe(200);
    expect(HealthResponse.parse(h.json())).toMatchObject({ database: 'ok', database_dialect: 'postgres' });
    const d = await detail();
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ file_info: { meta: { document_title: 'Copper supply outlook' } } });
  });

  it('answers 503 with a clear message while the database is down', async () => {
    await pg.stop();

    const d = await detail();
    expect(d.statusCode).toBe(503);
    expect(d.json()).toEqual({
      error_msg: 'The database is unavailable, please try again shortly',
      code: ERROR_CODES.databaseUnavailable,
    });
    expect(d.headers['retry-after']).toBe('5');

    const h = await health();
    expect(h.statusCode).toBe(503);
    expect(HealthResponse.parse(h.json())).toMatchObject({
      status: 'degraded',
      database: 'error',
      database_dialect: 'postgres',
      database_latency_ms: null,
    });
    // A stranger learns only that the instance cannot serve; the load balancer still sees 503.
    const remote = await answered(
      'public health',
      lib.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' }),
    );
    expect(remote.statusCode).toBe(503);
    expect(remote.json()).toEqual({ status: 'degraded', llm_configured: false });
  });

  it('serves again by itself once the database is back', async () => {
    await pg.start();
    // The pool dropped its dead connections; the next calls open fresh ones.
    const back = await waitFor(
      'the file detail to answer 200 again',
      async () => {
        const d = await detail();
        return d.statusCode === 200 ? d : undefined;
      },
      45_000,
    );
    expect(back.json()).toMatchObject({ file_info: { meta: { document_title: 'Copper supply outlook' } } });
    const h = await health();
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({ status: 'ok', database: 'ok' });
  }, 90_000);
});
