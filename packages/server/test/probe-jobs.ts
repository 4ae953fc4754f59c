import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../src/db/database.js';
import type { JobList } from '../src/jobs/job-list.js';
import { jobsRepoOf } from '../src/jobs/jobs-repo.js';
import { unitOfWork } from '../src/db/unit-of-work.js';

/**
 * The probe jobs of `test/probe-worker.ts` (a worker process running the product's runner), for the
 * worker tests and the takeover benchmark: each step writes a row to `probe_runs` when it starts
 * and when it ends, and waits while `probe_gate` names its job.
 */
export const PROBE_WORKER = 'test/probe-worker.ts';

/** The probe worker's one kind of job. */
export const PROBE_JOBS = { probe: { payload: z.object({}), firstStep: 'first' } } satisfies JobList;

export async function createProbeTables(db: Db): Promise<void> {
  await sql`CREATE TABLE probe_runs (job_id integer NOT NULL, step text NOT NULL, worker text NOT NULL, phase text NOT NULL)`.execute(
    db,
  );
  await sql`CREATE TABLE probe_gate (job_id integer PRIMARY KEY)`.execute(db);
}

/** Queues a probe job (steps `first`, then `second`); a gated one waits in its first step until openGates(). */
export async function enqueueProbe(db: Db, opts: { gated?: boolean } = {}): Promise<number> {
  // One transaction: no worker sees the job before its gate.
  const transaction = unitOfWork(db, (trx) => ({ trx, jobs: jobsRepoOf(trx, PROBE_JOBS) }));
  return transaction(async ({ trx, jobs }) => {
    const id = await jobs.enqueue('probe', {}, new Date().toISOString());
    if (opts.gated) await sql`INSERT INTO probe_gate (job_id) VALUES (${id})`.execute(trx);
    return id;
  });
}

export async function openGates(db: Db): Promise<void> {
  await sql`DELETE FROM probe_gate`.execute(db);
}
