import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { createJobsRepo } from '../src/jobs/jobs-repo.js';

/**
 * The probe jobs of `test/probe-worker.ts` (a worker process running the product's runner), for the
 * worker tests and the takeover benchmark: each step writes a row to `probe_runs` when it starts
 * and when it ends, and waits while `probe_gate` names its job.
 */
export const PROBE_WORKER = 'test/probe-worker.ts';

export async function createProbeTables(db: Db): Promise<void> {
  await sql`CREATE TABLE probe_runs (job_id integer NOT NULL, step text NOT NULL, worker text NOT NULL, phase text NOT NULL)`.execute(
    db,
  );
  await sql`CREATE TABLE probe_gate (job_id integer PRIMARY KEY)`.execute(db);
}

/** Queues a probe job (steps `first`, then `second`); a gated one waits in its first step until openGates(). */
export async function enqueueProbe(db: Db, opts: { gated?: boolean } = {}): Promise<number> {
  // One transaction: no worker sees the job before its gate.
  return db.transaction().execute(async (trx) => {
    const id = await createJobsRepo(trx).enqueue('probe', {}, 'first', new Date().toISOString());
    if (opts.gated) await sql`INSERT INTO probe_gate (job_id) VALUES (${id})`.execute(trx);
    return id;
  });
}

export async function openGates(db: Db): Promise<void> {
  await sql`DELETE FROM probe_gate`.execute(db);
}
