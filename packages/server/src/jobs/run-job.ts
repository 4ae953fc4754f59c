import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import { PermanentJobError, readPayload, type HandlersOf, type JobList } from './job-list.js';
import type { JobRow, JobsRepo } from './jobs-repo.js';

/** What running one claimed job needs of its runner (runner.ts). */
export interface RunContext<L extends JobList = JobList> {
  /** The writes about a running job (none of them depends on the list of jobs). */
  repo: Pick<JobsRepo, 'renew' | 'advance' | 'finish' | 'handBack' | 'retryLater' | 'fail'>;
  jobs: L;
  handlers: HandlersOf<L>;
  worker: string;
  leaseMs: number;
  clock: Clock;
  log: Logger;
  /** Read at every step: the runner may be told to stop while a job runs. */
  stopping: () => boolean;
}

/** A claimed job's handler bound to its payload as its schema reads it. */
interface Runnable {
  runStep(step: string, job: JobRow, signal: AbortSignal): Promise<string>;
  onFailed(error: { code: string; message: string }): Promise<void>;
  yieldsAfterEachStep: boolean;
}

const backoffMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt);
/** What running a job's steps needs once its handler is bound to its payload. */
type StepContext = Omit<RunContext, 'jobs' | 'handlers'>;

const nowIso = (ctx: StepContext) => ctx.clock.now().toISOString();

/**
 * Renews the job's lease every third of it while a step runs. When a renewal finds the job
 * taken over, the lease is lost: the step is told (signal) and nothing more is written.
 */
function holdLease({ repo, worker, leaseMs, log }: StepContext, job: JobRow) {
  const lost = new AbortController();
  let released = false;
  const timer = setInterval(() => {
    repo.renew(job.id, worker, leaseMs).then(
      (mine) => {
        // After release the job may be done or handed back: no longer running is no loss then.
        if (!mine && !released && !lost.signal.aborted) {
          log.warn({ job: job.id, type: job.type }, 'lost the lease of a job (another worker took it over)');
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

/** The handler of a claimed job bound to its payload as its schema reads it, or why it has none. */
function handlerOf<L extends JobList, N extends keyof L & string>(
  { jobs, handlers }: Pick<RunContext<L>, 'jobs' | 'handlers'>,
  name: N,
  payloadJson: string,
): Runnable | string {
  const read = readPayload(jobs, name, payloadJson);
  if ('error' in read) return read.error;
  const { payload } = read;
  const handler = handlers[name];
  return {
    runStep: (step, job, signal) => handler.runStep(step, payload, job, signal),
    onFailed: (error) => handler.onFailed(payload, error),
    yieldsAfterEachStep: handler.yieldsAfterEachStep ?? false,
  };
}

/**
 * Runs the job's steps from `progress.step`, writing each finished one down before the next
 * starts (another run resumes there): answers whether the job was still this worker's when it
 * was finished or handed back. `progress` follows the step under way, for the caller's log.
 */
async function runSteps(
  ctx: StepContext,
  job: JobRow,
  found: Runnable,
  signal: AbortSignal,
  progress: { step: string },
): Promise<boolean> {
  const { repo, worker, leaseMs, log } = ctx;
  while (progress.step !== 'done') {
    const next = await found.runStep(progress.step, job, signal);
    if (next === 'done') break;
    if (signal.aborted) return false;
    if (!ctx.stopping() && !(await repo.advance(job.id, worker, next, nowIso(ctx), leaseMs))) return false;
    progress.step = next;
    // Checked after the advance too: a stop that came while it was written still hands back.
    if (ctx.stopping() || found.yieldsAfterEachStep) {
      if (!(await repo.handBack(job.id, worker, progress.step, nowIso(ctx)))) return false;
      if (ctx.stopping())
        log.info({ job: job.id, type: job.type, step: progress.step }, 'handed a job back to the queue');
      return true;
    }
  }
  return !signal.aborted && (await repo.finish(job.id, worker, nowIso(ctx)));
}

/**
 * A step threw: the job is retried later, or fails for good (at once when the error says no retry
 * can fix it) and its handler hears of it. Answers whether the job was still this worker's.
 */
async function stepFailed(
  ctx: StepContext,
  job: JobRow,
  found: Runnable,
  step: string,
  err: unknown,
): Promise<boolean> {
  const { repo, worker, log, clock } = ctx;
  const permanent = err instanceof PermanentJobError;
  const message = err instanceof Error ? err.message : String(err);
  if (!permanent && job.attempts < job.max_attempts) {
    log.warn({ job: job.id, type: job.type, step, err: message }, 'job step failed; will retry');
    const runAfter = new Date(clock.now().getTime() + backoffMs(job.attempts)).toISOString();
    return repo.retryLater(job.id, worker, message, runAfter, nowIso(ctx));
  }
  log.warn({ job: job.id, type: job.type, step, err: message }, 'job failed');
  if (!(await repo.fail(job.id, worker, message, nowIso(ctx)))) return false;
  await found.onFailed({
    code: permanent ? err.code : 'internal',
    message: permanent ? message : 'Processing failed',
  });
  return true;
}

/**
 * Runs a job under a lease. Once the job was taken over (a renewal or a write found it another
 * worker's), nothing more is written.
 */
async function runHeld(ctx: StepContext, job: JobRow, found: Runnable): Promise<void> {
  const lease = holdLease(ctx, job);
  const progress = { step: job.step };
  const lost = (): void =>
    ctx.log.warn(
      { job: job.id, type: job.type, step: progress.step },
      'stopped a job this worker no longer holds',
    );
  try {
    if (!(await runSteps(ctx, job, found, lease.signal, progress))) return lost();
  } catch (err) {
    if (lease.signal.aborted) return lost();
    if (!(await stepFailed(ctx, job, found, progress.step, err))) return lost();
  } finally {
    lease.release();
  }
}

/** Runs a claimed job: its handler's steps, or the failure of a job that cannot or should not run. */
export async function runJob<L extends JobList>(ctx: RunContext<L>, job: JobRow): Promise<void> {
  const { repo, worker, log } = ctx;
  if (job.taken_over_from) {
    log.info(
      { job: job.id, type: job.type, step: job.step, from: job.taken_over_from },
      'taking over a job whose worker stopped renewing its lease',
    );
  }
  const found = handlerOf(ctx, job.type, job.payload);
  if (typeof found === 'string') {
    await repo.fail(job.id, worker, found, nowIso(ctx));
    return;
  }
  // A job that kept its worker from finishing (killed it, stalled it) fails like one that throws.
  if (job.taken_over_from && job.attempts > job.max_attempts) {
    const message = `its worker stopped ${job.attempts - 1} times while running it`;
    if (await repo.fail(job.id, worker, message, nowIso(ctx))) {
      log.warn({ job: job.id, type: job.type, step: job.step }, `job failed: ${message}`);
      await found.onFailed({ code: 'internal', message: 'Processing failed' });
    }
    return;
  }
  await runHeld(ctx, job, found);
}
