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
  runStep(step: string, payload: unknown, job: JobRow): Promise<string | 'done'>;
  /** Called once when the job has failed for good. */
  onFailed(payload: unknown, error: { code: string; message: string }): Promise<void>;
}

export interface JobRunner {
  start(): void;
  /** Wakes idle loops after a job was enqueued. */
  notify(): void;
  /** Stops taking jobs and waits for the steps under way to finish. */
  stop(): Promise<void>;
  /** Resolves when no job is queued or running (tests, CLI commands). */
  idle(): Promise<void>;
}

const IDLE_POLL_MS = 1000;
const backoffMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt);

export function createJobRunner(opts: {
  repo: JobsRepo;
  handlers: Record<string, JobHandler>;
  clock: Clock;
  log: Logger;
  concurrency: number;
}): JobRunner {
  const { repo, handlers, clock, log } = opts;
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

  async function execute(job: JobRow): Promise<void> {
    const handler = handlers[job.type];
    const payload: unknown = JSON.parse(job.payload);
    if (!handler) {
      await repo.fail(job.id, `no handler for job type ${job.type}`, now());
      return;
    }
    let step = job.step;
    try {
      // Each finished step is written down before the next starts: a restart resumes at `step`.
      while (step !== 'done') {
        const next = await handler.runStep(step, payload, job);
        if (next !== 'done') await repo.advance(job.id, next, now());
        step = next;
        if (stopping && step !== 'done') {
          await repo.retryLater(job.id, 'interrupted by shutdown', now(), now());
          return;
        }
      }
      await repo.finish(job.id, now());
    } catch (err) {
      const permanent = err instanceof PermanentJobError;
      const message = err instanceof Error ? err.message : String(err);
      if (!permanent && job.attempts < job.max_attempts) {
        log.warn({ job: job.id, type: job.type, step, err: message }, 'job step failed; will retry');
        await repo.retryLater(
          job.id,
          message,
          new Date(clock.now().getTime() + backoffMs(job.attempts)).toISOString(),
          now(),
        );
        return;
      }
      log.warn({ job: job.id, type: job.type, step, err: message }, 'job failed');
      await repo.fail(job.id, message, now());
      await handler.onFailed(payload, {
        code: permanent ? err.code : 'internal',
        message: permanent ? message : 'Processing failed',
      });
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      const job = await repo.claim(now());
      if (!job) {
        if (busy === 0) idleWaiters.splice(0).forEach((w) => w());
        await sleep(IDLE_POLL_MS);
        continue;
      }
      busy++;
      try {
        await execute(job);
      } catch (err) {
        log.error({ err, job: job.id }, 'job runner error');
      } finally {
        busy--;
      }
    }
  }

  return {
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
        if (c.queued === 0 && c.running === 0) return;
        await new Promise<void>((resolve) => {
          idleWaiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}
