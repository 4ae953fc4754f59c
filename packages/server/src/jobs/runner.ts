import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { JobRow, JobsRepo } from './jobs-repo.js';

/** A failure that retrying cannot fix (a damaged PDF): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One kind of job: runs the step named, answers the next step or 'done'. */
export interface JobHandler {
  /** `signal` aborts when this worker lost the job (its lease ran out and another took it over). */
  runStep(step: string, payload: unknown, job: JobRow, signal?: AbortSignal): Promise<string | 'done'>;
  /** Called once when the job has failed for good. */
  onFailed(payload: unknown, error: { code: string; message: string }): Promise<void>;
  /**
   * A long background walk: after each step the job goes back to the queue, so due jobs of a
   * higher priority (uploads) are claimed before its next step.
   */
  yieldsAfterEachStep?: boolean;
}

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
const backoffMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt);

/** A worker id unique to this runner: host and process for the operator, random for restarts. */
const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export function createJobRunner(opts: {
  repo: JobsRepo;
  handlers: Record<string, JobHandler>;
  clock: Clock;
  log: Logger;
  concurrency: number;
  /** How long a claimed job stays this worker's without a renewal (default 30 s). */
  leaseMs?: number;
  workerId?: string;
}): JobRunner {
  const { repo, handlers, clock, log } = opts;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const worker = opts.workerId ?? newWorkerId();
  let stopping = false;
  let started = false;
  const loops: Promise<void>[] = [];
  let busy = 0;
  const idleWaiters: (() => void)[] = [];
  const now = () => clock.now().toISOString();

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

  /**
   * Renews the job's lease every third of it while a step runs. When a renewal finds the job
   * taken over, the lease is lost: the step is told (signal) and nothing more is written.
   */
  function holdLease(job: JobRow) {
    const lost = new AbortController();
    let released = false;
    const timer = setInterval(() => {
      repo.renew(job.id, worker, leaseMs).then(
        (mine) => {
          // After release the job may be done or handed back: no longer running is no loss then.
          if (!mine && !released && !lost.signal.aborted) {
            log.warn(
              { job: job.id, type: job.type },
              'lost the lease of a job (another worker took it over)',
            );
            lost.abort();
          }
        },
        // The database may be back before the lease runs out; if not, the job is taken over.
        (err: unknown) => log.warn({ err, job: job.id }, 'renewing a job lease failed'),
      );
    }, leaseMs / 3);
    return {
      signal: lost.signal,
      release: () => {
        released = true;
        clearInterval(timer);
      },
    };
  }

  async function execute(job: JobRow): Promise<void> {
    const handler = handlers[job.type];
    const payload: unknown = JSON.parse(job.payload);
    if (job.taken_over_from) {
      log.info(
        { job: job.id, type: job.type, step: job.step, from: job.taken_over_from },
        'taking over a job whose worker stopped renewing its lease',
      );
    }
    if (!handler) {
      await repo.fail(job.id, worker, `no handler for job type ${job.type}`, now());
      return;
    }
    // A job that kept its worker from finishing (killed it, stalled it) fails like one that throws.
    if (job.taken_over_from && job.attempts > job.max_attempts) {
      const message = `its worker stopped ${job.attempts - 1} times while running it`;
      if (await repo.fail(job.id, worker, message, now())) {
        log.warn({ job: job.id, type: job.type, step: job.step }, `job failed: ${message}`);
        await handler.onFailed(payload, { code: 'internal', message: 'Processing failed' });
      }
      return;
    }
    const lease = holdLease(job);
    let step = job.step;
    // The job was taken over (a renewal or a write found it another worker's): nothing more is written.
    const lost = (): void =>
      log.warn({ job: job.id, type: job.type, step }, 'stopped a job this worker no longer holds');
    try {
      // Each finished step is written down before the next starts: another run resumes at `step`.
      while (step !== 'done') {
        const next = await handler.runStep(step, payload, job, lease.signal);
        if (next === 'done') break;
        if (lease.signal.aborted) return lost();
        if (!stopping && !(await repo.advance(job.id, worker, next, now(), leaseMs))) return lost();
        step = next;
        // Checked after the advance too: a stop that came while it was written still hands back.
        if (stopping || handler.yieldsAfterEachStep) {
          if (!(await repo.handBack(job.id, worker, step, now()))) return lost();
          if (stopping) log.info({ job: job.id, type: job.type, step }, 'handed a job back to the queue');
          return;
        }
      }
      if (lease.signal.aborted || !(await repo.finish(job.id, worker, now()))) return lost();
    } catch (err) {
      if (lease.signal.aborted) return lost();
      const permanent = err instanceof PermanentJobError;
      const message = err instanceof Error ? err.message : String(err);
      if (!permanent && job.attempts < job.max_attempts) {
        log.warn({ job: job.id, type: job.type, step, err: message }, 'job step failed; will retry');
        const runAfter = new Date(clock.now().getTime() + backoffMs(job.attempts)).toISOString();
        if (!(await repo.retryLater(job.id, worker, message, runAfter, now()))) lost();
        return;
      }
      log.warn({ job: job.id, type: job.type, step, err: message }, 'job failed');
      if (!(await repo.fail(job.id, worker, message, now()))) return lost();
      await handler.onFailed(payload, {
        code: permanent ? err.code : 'internal',
        message: permanent ? message : 'Processing failed',
      });
    } finally {
      lease.release();
    }
  }

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
        else await execute(job);
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
