import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrateToLatest, openDatabase, type Db } from '../db/database.js';
import { systemClock } from '../platform/clock.js';
import { createJobsRepo, type JobsRepo } from './jobs-repo.js';
import { createJobRunner, PermanentJobError, type JobHandler, type JobRunner } from './runner.js';

const log = pino({ level: 'silent' });
let dir: string;
let testDb: TestDatabase;
let db: Db;
let jobs: JobsRepo;
const opened: Db[] = [];
const runners: JobRunner[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rl-jobs-'));
  testDb = await createTestDatabase(dir);
  db = openDatabase(testDb.settings);
  opened.push(db);
  await migrateToLatest(db);
  jobs = createJobsRepo(db);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(opened.splice(0).map((d) => d.destroy()));
  await testDb.drop();
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date().toISOString();
const startRunner = (
  handlers: Record<string, JobHandler>,
  opts: { leaseMs?: number; repo?: JobsRepo } = {},
) => {
  const runner = createJobRunner({
    repo: opts.repo ?? jobs,
    handlers,
    clock: systemClock,
    log,
    concurrency: 1,
    ...(opts.leaseMs ? { leaseMs: opts.leaseMs } : {}),
  });
  runners.push(runner);
  runner.start();
  return runner;
};
/** Runs every queued job to its end, then stops. */
const runToIdle = async (handlers: Record<string, JobHandler>) => {
  const runner = startRunner(handlers);
  await runner.idle();
  await runner.stop();
};
const state = async (id: number) =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Polls until `check` holds (a lease to run out, a row to change); fails after 20 s. */
const until = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; !(await check()); i++) {
    if (i > 400) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A handler whose step 'slow' waits until released; `signals` are the abort signals it was given. */
function blockingHandler() {
  let release!: () => void;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const released = new Promise<void>((r) => (release = r));
  const signals: AbortSignal[] = [];
  const handler: JobHandler = {
    async runStep(step, _payload, _job, signal) {
      if (step !== 'slow') return 'done';
      if (signal) signals.push(signal);
      markStarted();
      await released;
      return 'next';
    },
    async onFailed() {},
  };
  return { handler, started, release, signals };
}

describe('the job runner', () => {
  it('runs every step in order and records the job done, by this worker', async () => {
    const seen: string[] = [];
    const handler: JobHandler = {
      async runStep(step) {
        seen.push(step);
        return step === 'a' ? 'b' : 'done';
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('t', {}, 'a', now());
    const runner = startRunner({ t: handler });
    await runner.idle();
    expect(seen).toEqual(['a', 'b']);
    expect(await state(id)).toMatchObject({ state: 'done', locked_by: runner.workerId, lease_until: null });
  });

  it('on stop, finishes the step under way and hands the job back, due now, at its next step', async () => {
    const slow = blockingHandler();
    const id = await jobs.enqueue('t', {}, 'slow', now());
    const runner = startRunner({ t: slow.handler });
    await slow.started;
    expect(await state(id)).toMatchObject({ state: 'running', locked_by: runner.workerId, attempts: 1 });
    const stopping = runner.stop();
    slow.release();
    await stopping;
    const job = await state(id);
    // Not an attempt that failed: the next worker starts with the attempts the job had.
    expect(job).toMatchObject({
      state: 'queued',
      step: 'next',
      locked_by: null,
      lease_until: null,
      attempts: 0,
    });
    expect(job.run_after <= now()).toBe(true);
  });

  it('a stop that comes while a finished step is being recorded still hands the job back', async () => {
    const seen: string[] = [];
    const handler: JobHandler = {
      async runStep(step) {
        seen.push(step);
        return step === 'a' ? 'b' : 'done';
      },
      async onFailed() {},
    };
    let stopped: Promise<void> | undefined;
    // The stop lands between the start and the end of the advance's write.
    const repo: JobsRepo = {
      ...jobs,
      advance: (...args) => {
        stopped = runner.stop();
        return jobs.advance(...args);
      },
    };
    const id = await jobs.enqueue('t', {}, 'a', now());
    const runner = startRunner({ t: handler }, { repo });
    await until('the stop', async () => stopped !== undefined);
    await stopped;
    expect(seen).toEqual(['a']);
    expect(await state(id)).toMatchObject({ state: 'queued', step: 'b', locked_by: null, attempts: 0 });
  });

  it('fails a job at once on a permanent error and tells the handler', async () => {
    const failures: string[] = [];
    const handler: JobHandler = {
      async runStep() {
        throw new PermanentJobError('damaged', 'The PDF is damaged');
      },
      async onFailed(_p, e) {
        failures.push(`${e.code}: ${e.message}`);
      },
    };
    const id = await jobs.enqueue('t', {}, 'a', now());
    await runToIdle({ t: handler });
    expect(failures).toEqual(['damaged: The PDF is damaged']);
    expect(await state(id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('retries an unexpected error later, with back-off', async () => {
    const handler: JobHandler = {
      async runStep() {
        throw new Error('disk hiccup');
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('t', {}, 'a', now());
    const runner = startRunner({ t: handler });
    await until('the first attempt', async () => (await state(id)).last_error !== null);
    await runner.stop();
    const job = await state(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'disk hiccup', locked_by: null });
    expect(job.run_after > job.updated_at).toBe(true);
  });
});

describe('leases', () => {
  it('a running job is nobody else’s while its lease runs; once it ran out, another worker takes it over', async () => {
    const held = await jobs.enqueue('t', {}, 'a', now());
    expect((await jobs.claim('worker-a', now(), 60_000))?.id).toBe(held);
    expect(await jobs.claim('worker-b', now(), 60_000)).toBeUndefined();

    const short = await jobs.enqueue('t', {}, 'a', now());
    expect((await jobs.claim('worker-a', now(), 200))?.id).toBe(short);
    let taken: Awaited<ReturnType<JobsRepo['claim']>>;
    await until(
      'the short lease to run out',
      async () => (taken = await jobs.claim('worker-b', now(), 60_000)) !== undefined,
    );
    expect(taken).toMatchObject({
      id: short,
      locked_by: 'worker-b',
      taken_over_from: 'worker-a',
      attempts: 2,
    });
    // The worker that lost it can write nothing about it any more.
    expect(await jobs.advance(short, 'worker-a', 'b', now(), 60_000)).toBe(false);
    expect(await jobs.finish(short, 'worker-a', now())).toBe(false);
    expect(await jobs.renew(short, 'worker-a', 60_000)).toBe(false);
    expect(await state(short)).toMatchObject({ state: 'running', step: 'a', locked_by: 'worker-b' });
  });

  it('a job left running without a lease (by an older version) is taken over at once', async () => {
    const id = await jobs.enqueue('t', {}, 'a', now());
    await db.updateTable('jobs').set({ state: 'running', attempts: 1 }).where('id', '=', id).execute();
    const seen: string[] = [];
    await runToIdle({
      t: {
        async runStep(step) {
          seen.push(step);
          return 'done';
        },
        async onFailed() {},
      },
    });
    expect(seen).toEqual(['a']);
    expect(await state(id)).toMatchObject({
      state: 'done',
      attempts: 2,
      taken_over_from: 'an earlier version',
    });
  });

  it('a worker whose job was taken over while its step ran writes nothing when the step ends', async () => {
    const slow = blockingHandler();
    const id = await jobs.enqueue('t', {}, 'slow', now());
    // A long lease: no renewal comes before the step ends, so the step's own write must find out.
    const advanced: boolean[] = [];
    const repo: JobsRepo = {
      ...jobs,
      advance: async (...args) => {
        const mine = await jobs.advance(...args);
        advanced.push(mine);
        return mine;
      },
    };
    startRunner({ t: slow.handler }, { leaseMs: 60_000, repo });
    await slow.started;
    await db.updateTable('jobs').set({ locked_by: 'worker-b' }).where('id', '=', id).execute();
    slow.release();
    await until('the step to end', async () => advanced.length > 0);
    expect(advanced).toEqual([false]);
    expect(await state(id)).toMatchObject({
      state: 'running',
      step: 'slow',
      locked_by: 'worker-b',
      attempts: 1,
    });
  });

  it('a renewal that finds the job taken over aborts the step, which then writes nothing', async () => {
    const slow = blockingHandler();
    const id = await jobs.enqueue('t', {}, 'slow', now());
    const runner = startRunner({ t: slow.handler }, { leaseMs: 600 });
    await slow.started;
    const signal = slow.signals[0]!;
    await db.updateTable('jobs').set({ locked_by: 'worker-b' }).where('id', '=', id).execute();
    await new Promise<void>((resolve) =>
      signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve()),
    );
    // Stopping now would hand the job back if it were still this worker's.
    const stopping = runner.stop();
    slow.release();
    await stopping;
    expect(await state(id)).toMatchObject({ state: 'running', step: 'slow', locked_by: 'worker-b' });
  });

  it('renews the lease while a step runs longer than the lease', async () => {
    const slow = blockingHandler();
    const id = await jobs.enqueue('t', {}, 'slow', now());
    startRunner({ t: slow.handler }, { leaseMs: 600 });
    await slow.started;
    const first = (await state(id)).lease_until!;
    await until('a renewal', async () => (await state(id)).lease_until! > first);
    // A second worker polling meanwhile never gets the job.
    expect(await jobs.claim('worker-b', now(), 60_000)).toBeUndefined();
    slow.release();
    await until('the job done', async () => (await state(id)).state === 'done');
    expect((await state(id)).taken_over_from).toBeNull();
  });

  it('fails a job that its workers kept dying on, instead of taking it over for ever', async () => {
    const failures: string[] = [];
    const id = await jobs.enqueue('t', {}, 'a', now(), 2);
    // Two workers die holding it (their leases run out unrenewed); the third run is one too many.
    await jobs.claim('w1', now(), 1);
    await until('w1’s lease to run out', async () => (await jobs.claim('w2', now(), 1)) !== undefined);
    await runToIdle({
      t: {
        async runStep() {
          throw new Error('must not run');
        },
        async onFailed(_p, e) {
          failures.push(e.code);
        },
      },
    });
    expect(await state(id)).toMatchObject({ state: 'failed', attempts: 3, taken_over_from: 'w2' });
    expect((await state(id)).last_error).toMatch(/worker stopped 2 times/);
    expect(failures).toEqual(['internal']);
  });

  it('two runners with their own connections share a queue: every job runs exactly once', async () => {
    const N = 40;
    const runs = new Map<number, number>();
    const handler: JobHandler = {
      async runStep(step, _payload, job) {
        if (step === 'a') runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
        return step === 'a' ? 'b' : 'done';
      },
      async onFailed() {},
    };
    const other = openDatabase(testDb.settings);
    opened.push(other);
    const ids: number[] = [];
    for (let i = 0; i < N; i++) ids.push(await jobs.enqueue('t', { i }, 'a', now()));
    const a = createJobRunner({
      repo: jobs,
      handlers: { t: handler },
      clock: systemClock,
      log,
      concurrency: 3,
    });
    const b = createJobRunner({
      repo: createJobsRepo(other),
      handlers: { t: handler },
      clock: systemClock,
      log,
      concurrency: 3,
    });
    runners.push(a, b);
    a.start();
    b.start();
    await a.idle();
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    const rows = await db.selectFrom('jobs').select(['state', 'attempts', 'locked_by']).execute();
    expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.locked_by)).size).toBeLessThanOrEqual(2);
  });
});

describe('a background walk yields to other jobs', () => {
  it('goes back to the queue after each step, so a job queued meanwhile runs before its next one', async () => {
    const order: string[] = [];
    let uploadQueued = false;
    const walk: JobHandler = {
      yieldsAfterEachStep: true,
      async runStep(step) {
        order.push(`walk:${step}`);
        // While the first step runs, an upload arrives: it is due before the walk's next step.
        if (step === '1' && !uploadQueued) {
          uploadQueued = true;
          await jobs.enqueue('upload', {}, 'a', now());
        }
        return step === '3' ? 'done' : String(Number(step) + 1);
      },
      async onFailed() {},
    };
    const upload: JobHandler = {
      async runStep() {
        order.push('upload');
        return 'done';
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('walk', {}, '1', now(), 3, -10);
    await runToIdle({ walk, upload });
    expect(order).toEqual(['walk:1', 'upload', 'walk:2', 'walk:3']);
    // Handed back between steps, never counted as attempts.
    expect(await state(id)).toMatchObject({ state: 'done', attempts: 1, step: '3' });
  });
});
