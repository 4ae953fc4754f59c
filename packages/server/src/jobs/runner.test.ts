import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite, type Db } from '../db/database.js';
import { systemClock } from '../platform/clock.js';
import { createJobsRepo, type JobsRepo } from './jobs-repo.js';
import { createJobRunner, PermanentJobError, type JobHandler } from './runner.js';

const log = pino({ level: 'silent' });
let dir: string;
let db: Db;
let jobs: JobsRepo;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rl-jobs-'));
  db = openSqlite(join(dir, 'db.sqlite')).db;
  await migrateToLatest(db);
  jobs = createJobsRepo(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date().toISOString();
const startRunner = (handlers: Record<string, JobHandler>) => {
  const runner = createJobRunner({ repo: jobs, handlers, clock: systemClock, log, concurrency: 1 });
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

describe('the job runner', () => {
  it('runs every step in order and records the job done', async () => {
    const seen: string[] = [];
    const handler: JobHandler = {
      async runStep(step) {
        seen.push(step);
        return step === 'a' ? 'b' : 'done';
      },
      async onFailed() {},
    };
    const id = await jobs.enqueue('t', {}, 'a', now());
    await runToIdle({ t: handler });
    expect(seen).toEqual(['a', 'b']);
    expect((await state(id)).state).toBe('done');
  });

  it('on stop, finishes the step under way and leaves the job queued at its next step', async () => {
    let release!: () => void;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const handlers: Record<string, JobHandler> = {
      t: {
        async runStep(step) {
          if (step !== 'slow') return 'done';
          markStarted();
          await new Promise<void>((r) => (release = r));
          return 'next';
        },
        async onFailed() {},
      },
    };
    const id = await jobs.enqueue('t', {}, 'slow', now());
    const runner = startRunner(handlers);
    await started;
    const stopping = runner.stop();
    release();
    await stopping;
    const job = await state(id);
    expect(job).toMatchObject({ state: 'queued', step: 'next' });
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
    for (let i = 0; i < 50 && (await state(id)).attempts === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    const job = await state(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'disk hiccup' });
    expect(job.run_after > job.updated_at).toBe(true);
  });

  it('requeues jobs a dead process left running', async () => {
    const id = await jobs.enqueue('t', {}, 'a', now());
    await jobs.claim(now());
    expect((await state(id)).state).toBe('running');
    expect(await jobs.requeueAbandoned(now())).toBe(1);
    expect((await state(id)).state).toBe('queued');
  });
});
