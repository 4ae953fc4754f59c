import { sql } from 'kysely';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { listenForJobs } from '../src/jobs/job-wakeups.js';
import { jobsRepoOf } from '../src/jobs/jobs-repo.js';
import type { PayloadOf } from '../src/jobs/job-list.js';
import { createJobRunner, type JobHandler, type JobRunner } from '../src/jobs/runner.js';
import { PROBE_JOBS } from './probe-jobs.js';
import { systemClock } from '../src/platform/clock.js';

/**
 * A job worker process for the worker tests: the product's jobs repo, runner and wake-ups (as
 * `main.ts worker` wires them, from the same environment variables) running one job type, `probe`,
 * whose steps `first` and `second` write a row to `probe_runs` (job_id, step, worker, phase) when
 * they start and when they end, and wait while `probe_gate` (job_id) names their job;
 * probe-jobs.ts creates both tables and queues the jobs. PROBE_STEP_MS: the time each step takes.
 * SIGTERM stops it as it stops `worker`.
 */
function probeHandler(
  db: Db,
  worker: () => string,
  stepMs: number,
): JobHandler<PayloadOf<typeof PROBE_JOBS, 'probe'>> {
  const record = (job: number, step: string, phase: 'start' | 'end') =>
    sql`INSERT INTO probe_runs (job_id, step, worker, phase) VALUES (${job}, ${step}, ${worker()}, ${phase})`.execute(
      db,
    );
  const gated = async (job: number) =>
    (await sql`SELECT 1 FROM probe_gate WHERE job_id = ${job}`.execute(db)).rows.length > 0;
  return {
    async runStep(step, _payload, job) {
      await record(job.id, step, 'start');
      while (await gated(job.id)) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, stepMs));
      await record(job.id, step, 'end');
      return step === 'first' ? 'second' : 'done';
    },
    async onFailed() {},
  };
}

{
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const db = openDatabase(config.database);
  const runner: JobRunner = createJobRunner({
    repo: jobsRepoOf(db, PROBE_JOBS),
    handlers: { probe: probeHandler(db, () => runner.workerId, Number(process.env.PROBE_STEP_MS ?? 0)) },
    clock: systemClock,
    log,
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseMs,
  });
  runner.start();
  const wakeups = listenForJobs(config.database, () => runner.notify(), log);
  log.info({ worker: runner.workerId }, 'running jobs');
  process.once('SIGTERM', () => {
    void wakeups
      .close()
      .then(() => runner.stop())
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}
