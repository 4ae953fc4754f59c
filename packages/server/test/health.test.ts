import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthDetails } from '@rl/contract';
import type { JobsTable } from '../src/db/schema.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { testDialect } from './test-database.js';

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

const health = async () => {
  const res = await lib.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, headers: res.headers, body: HealthDetails.parse(res.json()) };
};

/** A job row in the given state; `runAfter` is when it is (or was) due. */
const addJob = (state: JobsTable['state'], runAfter: string) =>
  lib.db
    .insertInto('jobs')
    .values({
      type: 'ingest',
      payload: '{}',
      state,
      step: 'extract',
      attempts: 0,
      max_attempts: 3,
      run_after: runAfter,
      created_at: '2026-11-21T09:00:00.000Z',
      updated_at: runAfter,
    })
    .execute();

describe('GET /api/health', () => {
  it('names the database it runs on and that it answered', async () => {
    const { status, headers, body } = await health();
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({
      status: 'ok',
      database: 'ok',
      database_dialect: testDialect(),
      files: { ready: 0, processing: 0, failed: 0 },
      jobs: { queued: 0, running: 0, failed: 0, oldest_queued_s: null },
    });
    // Measured (null when the database did not answer); its size is no test's business.
    expect(body.database_latency_ms).toEqual(expect.any(Number));
  });

  it('reports the job backlog: counts by state and how long the oldest due job has waited', async () => {
    // The test clock stands at 2026-11-21T10:00:00Z.
    await addJob('queued', '2026-11-21T09:58:00.000Z'); // due for 120 s
    await addJob('queued', '2026-11-21T09:59:30.000Z');
    await addJob('queued', '2026-11-21T10:05:00.000Z'); // backing off: not due yet, not waiting
    await addJob('running', '2026-11-21T09:00:00.000Z');
    await addJob('failed', '2026-11-21T08:00:00.000Z');
    await addJob('done', '2026-11-21T07:00:00.000Z');
    await addJob('done', '2026-11-21T07:00:00.000Z');
    await buildFile(lib.db, { status: 'processing' });
    await buildFile(lib.db, {});

    const { body } = await health();
    expect(body.jobs).toEqual({ queued: 3, running: 1, failed: 1, oldest_queued_s: 120 });
    expect(body.files).toEqual({ ready: 1, processing: 1, failed: 0 });

    lib.clock.set('2026-11-21T10:10:00.000Z');
    expect((await health()).body.jobs.oldest_queued_s).toBe(720);
  });

  it('documents the new fields and the 503 answer in the OpenAPI document', async () => {
    const res = await lib.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    const responses = doc.paths['/api/health']!.get.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(JSON.stringify(responses['200'])).toContain('database_dialect');
    expect(JSON.stringify(responses['200'])).toContain('oldest_queued_s');
  });
});
