import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { JOBS } from './job-list.js';
import { type HandlersOf, type JobHandler, type JobList } from './job-list.js';
import { PermanentJobError } from './job-list.js';
import type { JobRow, JobsRepo } from './jobs-repo.js';
import { runJob, type RunContext } from './run-job.js';

export { PermanentJobError, type JobHandler };

export interface JobRunner {
  /** This process's worker id, written into the jobs it holds. */
  readonly workerId: string;
  start(): void;
  /** Wakes idle loops after a job was enqueued. */
  notify(): void;
  /** Stops taking jobs, lets the steps under way finish and hands their jobs back to the queue. */
  stop(): Promise<void>;
  /** Resolves when no job is queued or running (tests, CLI commands). */
  idle(): Promise<void>;
}

const IDLE_POLL_MS = 1000;
/** Default lease of a running job; the worker renews it every third of it while it works. */
export const DEFAULT_LEASE_MS = 30_000;

/** A worker id unique to this runner: host and process for the operator, random for restarts. */
const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Timed sleeps that `wakeAll` cuts short (a job was enqueued, the runner stops). */
function createSleepers() {
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  const wakeAll = () => [...sleepers].forEach((w) => w());
  return { sleep, wakeAll };
}

export function createJobRunner<L extends JobList = typeof JOBS>(opts: {
  repo: JobsRepo<L>;
  handlers: HandlersOf<L>;
  clock: Clock;
  log: Logger;
  concurrency: number;
  /** How long a claimed job stays this worker's without a renewal (default 30 s). */
  leaseMs?: number;
  workerId?: string;
}): JobRunner {
  const { repo, clock, log } = opts;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const worker = opts.workerId ?? newWorkerId();
  let stopping = false;
  let started = false;
  const loops: Promise<void>[] = [];
  let busy = 0;
  const idleWaiters: (() => void)[] = [];
  const now = () => clock.now().toISOString();
  const { sleep, wakeAll } = createSleepers();
  const run: RunContext<L> = {
    repo,
    jobs: repo.list,
    handlers: opts.handlers,
    worker,
    leaseMs,
    clock,
    log,
    stopping: () => stopping,
  };

  async function loop(): Promise<void> {
    while (!stopping) {
      let job: JobRow | undefined;
      try {
        job = await repo.claim(worker, now(), leaseMs);
      } catch (err) {
        // The database is unreachable for now: keep polling, it may come back.
        log.warn({ err }, 'claiming a job failed');
        await sleep(IDLE_POLL_MS);
        continue;
      }
      if (!job) {
        if (busy === 0) idleWaiters.splice(0).forEach((w) => w());
        await sleep(IDLE_POLL_MS);
        continue;
      }
      busy++;
      try {
        // Stopped while claiming: the job goes back untouched rather than run one step.
        if (stopping) await repo.handBack(job.id, worker, job.step, now());
        else await runJob(run, job);
      } catch (err) {
        log.error({ err, job: job.id }, 'job runner error');
      } finally {
        busy--;
      }
    }
  }

  return {
    workerId: worker,
    start() {
      if (started) return;
      started = true;
      for (let i = 0; i < opts.concurrency; i++) loops.push(loop());
    },
    notify: wakeAll,
    async stop() {
      stopping = true;
      wakeAll();
      await Promise.all(loops);
    },
    async idle() {
      for (;;) {
        const c = await repo.countByState();
        // busy: a job that just failed is no longer 'running' while its onFailed still writes.
        if (c.queued === 0 && c.running === 0 && busy === 0) return;
        await new Promise<void>((resolve) => {
          idleWaiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}
