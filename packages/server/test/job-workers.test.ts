import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { createProbeTables, enqueueProbe, openGates, PROBE_WORKER } from './probe-jobs.js';
import { exited, runCli, runScript, waitFor } from './process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * Job workers as real processes on one database (a PostgreSQL schema, or one SQLite file): the
 * product's runner in `test/probe-worker.ts` with a job type that records each step it runs, and
 * the real `worker` and `start JOBS=off` commands ingesting demo reports.
 */
describe('job workers sharing one database', () => {
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  const children: ReturnType<typeof runScript>[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-workers-'));
    database = await createTestDatabase(dir);
    db = openDatabase(database.settings);
    await migrateToLatest(db);
    await createProbeTables(db);
  });
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sql`DELETE FROM probe_runs`.execute(db);
    await openGates(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => ({
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: database.url,
    JOB_CONCURRENCY: '2',
    ...extra,
  });
  /** Starts a probe worker and answers it with its worker id once its runner runs. */
  async function probeWorker(extra: Record<string, string> = {}) {
    const child = runScript(PROBE_WORKER, [], env(extra));
    children.push(child);
    const id = await workerIdOf(child);
    return Object.assign(child, { id });
  }
  const enqueue = (n: number) => Promise.all(Array.from({ length: n }, () => enqueueProbe(db)));
  const job = (id: number) =>
    db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const runsOf = async (id: number) =>
    (
      await sql<{ step: string; worker: string; phase: string }>`SELECT step, worker, phase FROM probe_runs
        WHERE job_id = ${id}`.execute(db)
    ).rows.sort(byRun);
  const allDone = (ids: number[]) => async () => {
    const rows = await db.selectFrom('jobs').select('state').where('id', 'in', ids).execute();
    return rows.every((r) => r.state === 'done') ? true : undefined;
  };

  it('two workers claiming at once run every job exactly once', async () => {
    const [a, b] = await Promise.all([
      probeWorker({ PROBE_STEP_MS: '5' }),
      probeWorker({ PROBE_STEP_MS: '5' }),
    ]);
    const ids = await enqueue(40);
    await waitFor('every job done', allDone(ids), 100_000);
    const counts = await sql<{ job_id: number; step: string; phase: string; n: number }>`
      SELECT job_id, step, phase, count(*) AS n FROM probe_runs GROUP BY job_id, step, phase`.execute(db);
    // Each job: one start and one end of each of its two steps, and one claim.
    expect(counts.rows).toHaveLength(ids.length * 4);
    expect(counts.rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    const rows = await db
      .selectFrom('jobs')
      .select(['attempts', 'locked_by'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.filter((r) => r.attempts !== 1)).toEqual([]);
    expect(rows.filter((r) => r.locked_by !== a.id && r.locked_by !== b.id)).toEqual([]);
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    expect(await Promise.all([exited(a), exited(b)])).toEqual([0, 0]);
  }, 400_000);

  it('a worker killed mid-job: another takes the job over once its lease runs out and completes it once', async () => {
    const a = await probeWorker({ JOB_LEASE_S: '2' });
    const id = await enqueueProbe(db, { gated: true });
    await waitFor('worker a to start the job', async () =>
      (await runsOf(id)).length > 0 ? true : undefined,
    );
    a.kill('SIGKILL');
    await exited(a);
    expect(await job(id)).toMatchObject({ state: 'running', locked_by: a.id, step: 'first' });

    const b = await probeWorker({ JOB_LEASE_S: '2' });
    await openGates(db);
    await waitFor('worker b to finish the job', allDone([id]), 60_000);
    expect(await job(id)).toMatchObject({ locked_by: b.id, taken_over_from: a.id, attempts: 2 });
    // a started the first step and died in it; b ran both steps from the first, once.
    expect(await runsOf(id)).toEqual(
      [
        { step: 'first', worker: b.id, phase: 'end' },
        { step: 'first', worker: a.id, phase: 'start' },
        { step: 'first', worker: b.id, phase: 'start' },
        { step: 'second', worker: b.id, phase: 'end' },
        { step: 'second', worker: b.id, phase: 'start' },
      ].sort(byRun),
    );
    b.kill('SIGTERM');
    expect(await exited(b)).toBe(0);
  }, 400_000);

  it('a worker stopped with SIGTERM finishes its step and hands the job back: another takes it without waiting for the lease', async () => {
    // Leases of a minute: the job can only be done within the test's time if it was handed back.
    const a = await probeWorker({ JOB_LEASE_S: '60' });
    const id = await enqueueProbe(db, { gated: true });
    await waitFor('worker a to start the job', async () =>
      (await runsOf(id)).length > 0 ? true : undefined,
    );
    a.kill('SIGTERM');
    await openGates(db);
    expect(await exited(a)).toBe(0);
    expect(a.output()).toContain('handed a job back to the queue');
    expect(await job(id)).toMatchObject({
      state: 'queued',
      step: 'second',
      locked_by: null,
      lease_until: null,
    });

    const b = await probeWorker({ JOB_LEASE_S: '60' });
    await waitFor('worker b to finish the job', allDone([id]), 30_000);
    expect(await job(id)).toMatchObject({ locked_by: b.id, taken_over_from: null, attempts: 1 });
    expect(await runsOf(id)).toEqual(
      [
        { step: 'first', worker: a.id, phase: 'end' },
        { step: 'first', worker: a.id, phase: 'start' },
        { step: 'second', worker: b.id, phase: 'end' },
        { step: 'second', worker: b.id, phase: 'start' },
      ].sort(byRun),
    );
    b.kill('SIGTERM');
    expect(await exited(b)).toBe(0);
  }, 400_000);

  it('`start` with JOBS=off only queues the demo reports; a `worker` process ingests them', async () => {
    const common = env({
      SEED_COUNT: '2',
      DEMO_ACCOUNTS: '0',
      PDF_WORKERS: '1',
      HTTP_WORKERS: '1',
      PORT: '0',
    });
    const server = runCli(['start'], { ...common, JOBS: 'off' });
    children.push(server);
    await waitFor(
      'the demo reports queued',
      () => {
        if (server.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
        return server.output().includes('demo reports queued for ingestion') ? true : undefined;
      },
      120_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output().slice(-3000)}`);
    });
    const worker = runCli(['worker'], common);
    children.push(worker);
    const workerId = await workerIdOf(worker);
    const ready = async () => {
      const files = await db.selectFrom('files').select('status').execute();
      const open = await db
        .selectFrom('jobs')
        .select('id')
        .where('state', 'in', ['queued', 'running'])
        .execute();
      return files.length === 2 && files.every((f) => f.status === 'ready') && open.length === 0
        ? true
        : undefined;
    };
    await waitFor('the demo reports ingested and summarised', ready, 120_000);
    const ran = await db
      .selectFrom('jobs')
      .select(['type', 'locked_by'])
      .where('type', '!=', 'probe')
      .execute();
    expect(new Set(ran.map((r) => r.type))).toEqual(new Set(['ingest', 'summarise', 'alerts']));
    expect(ran.filter((r) => r.locked_by !== workerId)).toEqual([]);
    expect(server.output()).not.toContain('running jobs');
    server.kill('SIGTERM');
    worker.kill('SIGTERM');
    expect(await Promise.all([exited(server), exited(worker)])).toEqual([0, 0]);
  }, 400_000);
});

const byRun = (x: { step: string; phase: string; worker: string }, y: typeof x) =>
  x.step.localeCompare(y.step) || x.phase.localeCompare(y.phase) || x.worker.localeCompare(y.worker);

/** The worker id a process logs when its runner starts. */
const workerIdOf = (child: ReturnType<typeof runScript>) =>
  waitFor(
    'the worker to run jobs',
    () => /"worker":"([^"]+)"[^\n]*"msg":"running jobs"/.exec(child.output())?.[1],
    120_000,
  );
