import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrateToLatest, openDatabase, type Db } from '../db/database.js';
import { systemClock } from '../platform/clock.js';
import { z } from 'zod';
import type { HandlersOf, JobList } from './job-list.js';
import { jobsRepoOf, type JobsRepo } from './jobs-repo.js';
import { createJobRunner, PermanentJobError, type JobHandler, type JobRunner } from './runner.js';

/** The runner's own kinds of job: it runs any list, as it runs the library's (JOBS). */
const TEST_JOBS = {
  t: { payload: z.object({ i: z.number().optional() }), firstStep: 'a' },
  twice: { payload: z.object({}), firstStep: 'a', maxAttempts: 2 },
  upload: { payload: z.object({}), firstStep: 'a' },
  walk: { payload: z.object({}), firstStep: '1', priority: -10 },
} satisfies JobList;
type TestJobs = typeof TEST_JOBS;
/** The runner passes each handler its parsed payload; these handlers do not read it. */
type Handler = JobHandler<object>;
const unexpected: Handler = {
  async runStep(_step, _payload, job) {
    throw new Error(`no ${job.type} job was queued`);
  },
  async onFailed() {},
};
/** The handlers given, and one that fails the test for every other kind. */
const handlersOf = (given: Partial<HandlersOf<TestJobs>>): HandlersOf<TestJobs> => ({
  t: unexpected,
  twice: unexpected,
  upload: unexpected,
  walk: unexpected,
  ...given,
});

const log = pino({ level: 'silent' });
let dir: string;
let testDb: TestDatabase;
let db: Db;
let jobs: JobsRepo<TestJobs>;
const opened: Db[] = [];
const runners: JobRunner[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rl-jobs-'));
  testDb = await createTestDatabase(dir);
  db = openDatabase(testDb.settings);
  opened.push(db);
  await migrateToLatest(db);
  jobs = jobsRepoOf(db, TEST_JOBS);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(opened.splice(0).map((d) => d.destroy()));
  await testDb.drop();
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date().toISOString();
const startRunner = (
  handlers: Partial<HandlersOf<TestJobs>>,
  opts: { leaseMs?: number; repo?: JobsRepo<TestJobs> } = {},
) => {
  const runner = createJobRunner({
    repo: opts.repo ?? jobs,
    handlers: handlersOf(handlers),
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
const runToIdle = async (handlers: Partial<HandlersOf<TestJobs>>) => {
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
  const handler: Handler = {
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
    const handler: Handler = {
      async runStep(step) {
        seen.push(step);
        return step === 'a' ? 'b' : 'done';
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('t', {}, now());
    const runner = startRunner({ t: handler });
    await runner.idle();
    expect(seen).toEqual(['a', 'b']);
    expect(await state(id)).toMatchObject({ state: 'done', locked_by: runner.workerId, lease_until: null });
  });

  it('on stop, finishes the step under way and hands the job back, due now, at its next step', async () => {
    const slow = blockingHandler();
    const id = await jobs.enqueue('t', {}, now(), { step: 'slow' });
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
    const handler: Handler = {
      async runStep(step) {
        seen.push(step);
        return step === 'a' ? 'b' : 'done';
      },
      async onFailed() {},
    };
    let stopped: Promise<void> | undefined;
    // The stop lands between the start and the end of the advance's write.
    const repo: JobsRepo<TestJobs> = {
      ...jobs,
      advance: (...args) => {
        stopped = runner.stop();
        return jobs.advance(...args);
      },
    };
    const id = await jobs.enqueue('t', {}, now());
    const runner = startRunner({ t: handler }, { repo });
    await until('the stop', async () => stopped !== undefined);
    await stopped;
    expect(seen).toEqual(['a']);
    expect(await state(id)).toMatchObject({ state: 'queued', step: 'b', locked_by: null, attempts: 0 });
  });

  it('fails a job at once on a permanent error and tells the handler', async () => {
    const failures: string[] = [];
    const handler: Handler = {
      async runStep() {
        throw new PermanentJobError('damaged', 'The PDF is damaged');
      },
      async onFailed(_p, e) {
        failures.push(`${e.code}: ${e.message}`);
      },
    };
    const id = await jobs.enqueue('t', {}, now());
    await runToIdle({ t: handler });
    expect(failures).toEqual(['damaged: The PDF is damaged']);
    expect(await state(id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('retries an unexpected error later, with back-off', async () => {
    const handler: Handler = {
      async runStep() {
        throw new Error('disk hiccup');
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('t', {}, now());
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
    const held = await jobs.enqueue('t', {}, now());
    expect((await jobs.claim('worker-a', now(), 60_000))?.id).toBe(held);
    expect(await jobs.claim('worker-b', now(), 60_000)).toBeUndefined();

    const short = await jobs.enqueue('t', {}, now());
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
    const id = await jobs.enqueue('t', {}, now());
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
    const id = await jobs.enqueue('t', {}, now(), { step: 'slow' });
    // A long lease: no renewal comes before the step ends, so the step's own write must find out.
    const advanced: boolean[] = [];
    const repo: JobsRepo<TestJobs> = {
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
    const id = await jobs.enqueue('t', {}, now(), { step: 'slow' });
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
    const id = await jobs.enqueue('t', {}, now(), { step: 'slow' });
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
    const id = await jobs.enqueue('twice', {}, now());
    // Two workers die holding it (their leases run out unrenewed); the third run is one too many.
    await jobs.claim('w1', now(), 1);
    await until('w1’s lease to run out', async () => (await jobs.claim('w2', now(), 1)) !== undefined);
    await runToIdle({
      twice: {
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

  it('parses a claimed payload with its schema: one that breaks it, or an unknown kind, fails unrun', async () => {
    const seen: unknown[] = [];
    const t: Handler = {
      async runStep(_step, payload) {
        seen.push(payload);
        return 'done';
      },
      async onFailed() {},
    };
    const raw = async (type: string, payload: string) =>
      (
        await db
          .insertInto('jobs')
          .values({
            type,
            payload,
            state: 'queued',
            step: 'a',
            attempts: 0,
            max_attempts: 3,
            priority: 0,
            run_after: now(),
            created_at: now(),
            updated_at: now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const good = await jobs.enqueue('t', { i: 7 }, now());
    const wrongType = await raw('t', JSON.stringify({ i: 'seven' }));
    const notJson = await raw('t', '{i:');
    const unknown = await raw('no-such-job', '{}');
    await runToIdle({ t });
    expect(seen).toEqual([{ i: 7 }]);
    expect(await state(good)).toMatchObject({ state: 'done' });
    for (const id of [wrongType, notJson, unknown])
      expect(await state(id)).toMatchObject({ state: 'failed' });
    expect((await state(wrongType)).last_error).toMatch(/payload of a t job is not what it takes/);
    expect((await state(unknown)).last_error).toMatch(/no handler for job type no-such-job/);
  });

  it('refuses to queue a payload its schema does not read', async () => {
    // @ts-expect-error -- the payload's type is the schema's
    await expect(jobs.enqueue('t', { i: 'seven' }, now())).rejects.toThrow();
    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('two runners with their own connections share a queue: every job runs exactly once', async () => {
    const N = 40;
    const runs = new Map<number, number>();
    const handler: Handler = {
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
    for (let i = 0; i < N; i++) ids.push(await jobs.enqueue('t', { i }, now()));
    const a = createJobRunner({
      repo: jobs,
      handlers: handlersOf({ t: handler }),
      clock: systemClock,
      log,
      concurrency: 3,
    });
    const b = createJobRunner({
      repo: jobsRepoOf(other, TEST_JOBS),
      handlers: handlersOf({ t: handler }),
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
    const walk: Handler = {
      yieldsAfterEachStep: true,
      async runStep(step) {
        order.push(`walk:${step}`);
        // While the first step runs, an upload arrives: it is due before the walk's next step.
        if (step === '1' && !uploadQueued) {
          uploadQueued = true;
          await jobs.enqueue('upload', {}, now());
        }
        return step === '3' ? 'done' : String(Number(step) + 1);
      },
      async onFailed() {},
    };
    const upload: Handler = {
      async runStep() {
        order.push('upload');
        return 'done';
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('walk', {}, now());
    await runToIdle({ walk, upload });
    expect(order).toEqual(['walk:1', 'upload', 'walk:2', 'walk:3']);
    // Handed back between steps, never counted as attempts.
    expect(await state(id)).toMatchObject({ state: 'done', attempts: 1, step: '3' });
  });
});
