import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseTimeIso, notifyChannel, skipLockedRows } from '../db/dialect.js';
import type { JobsTable } from '../db/schema.js';

export type JobRow = Selectable<JobsTable>;

/** The channel a PostgreSQL worker LISTENs on to hear of a new job at once. */
export const JOBS_CHANNEL = 'jobs';

/**
 * The durable jobs table, shared by every worker process: enqueue, claim atomically with a lease,
 * record each finished step. Every write about a running job names its worker (`locked_by`): a
 * worker whose lease ran out and whose job was taken over writes nothing (the write answers false).
 */
export function createJobsRepo(db: Db) {
  /** The job, still running and still this worker's. */
  const held = (id: number, worker: string) =>
    db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('state', '=', 'running');
  const wrote = (r: { numUpdatedRows: bigint }) => r.numUpdatedRows > 0n;

  return {
    async enqueue(
      type: string,
      payload: object,
      firstStep: string,
      now: string,
      maxAttempts = 3,
      /** Higher first among due jobs; a background walk of the library runs below the default 0. */
      priority = 0,
    ): Promise<number> {
      const r = await db
        .insertInto('jobs')
        .values({
          type,
          payload: JSON.stringify(payload),
          state: 'queued',
          step: firstStep,
          attempts: 0,
          max_attempts: maxAttempts,
          priority,
          run_after: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Inside the caller's transaction the news is sent at commit, when the row is visible.
      await notifyChannel(db, JOBS_CHANNEL);
      return r.id;
    },

    /**
     * Takes the oldest job of the highest priority that is due, or running under a lease that ran
     * out (its worker died or stalled), for `worker` until the database's clock passes now +
     * `leaseMs`. One statement: two workers can never take the same job (PostgreSQL skips rows
     * another claim has locked).
     */
    async claim(worker: string, now: string, leaseMs: number): Promise<JobRow | undefined> {
      const dbNow = databaseTimeIso(db);
      const r = await sql<JobRow>`UPDATE jobs SET state = 'running', locked_by = ${worker},
          lease_until = ${databaseTimeIso(db, leaseMs)}, locked_at = ${now}, attempts = attempts + 1,
          taken_over_from = CASE WHEN state = 'running' THEN coalesce(locked_by, 'an earlier version') END,
          updated_at = ${now}
        WHERE id = (SELECT id FROM jobs
          WHERE (state = 'queued' AND run_after <= ${now})
             OR (state = 'running' AND (lease_until IS NULL OR lease_until < ${dbNow}))
          ORDER BY priority DESC, id LIMIT 1 ${skipLockedRows(db)})
        RETURNING *`.execute(db);
      return r.rows[0];
    },

    /** Extends the lease; false when the job is no longer this worker's. */
    async renew(id: number, worker: string, leaseMs: number): Promise<boolean> {
      return wrote(
        await held(id, worker)
          .set({ lease_until: databaseTimeIso(db, leaseMs) })
          .executeTakeFirst(),
      );
    },
    /** Records a finished step (and extends the lease); false when the job is no longer this worker's. */
    async advance(id: number, worker: string, step: string, now: string, leaseMs: number): Promise<boolean> {
      return wrote(
        await held(id, worker)
          .set({ step, lease_until: databaseTimeIso(db, leaseMs), updated_at: now })
          .executeTakeFirst(),
      );
    },
    async finish(id: number, worker: string, now: string): Promise<boolean> {
      return wrote(
        await held(id, worker).set({ state: 'done', lease_until: null, updated_at: now }).executeTakeFirst(),
      );
    },
    /**
     * Gives a job whose worker is stopping back at `step`, due at once, for another worker; the
     * interrupted run does not count as an attempt.
     */
    async handBack(id: number, worker: string, step: string, now: string): Promise<boolean> {
      return wrote(
        await held(id, worker)
          .set((eb) => ({
            state: 'queued',
            step,
            attempts: eb('attempts', '-', 1),
            locked_by: null,
            lease_until: null,
            run_after: now,
            updated_at: now,
          }))
          .executeTakeFirst(),
      );
    },
    async retryLater(
      id: number,
      worker: string,
      error: string,
      runAfter: string,
      now: string,
    ): Promise<boolean> {
      return wrote(
        await held(id, worker)
          .set({
            state: 'queued',
            locked_by: null,
            lease_until: null,
            last_error: error,
            run_after: runAfter,
            updated_at: now,
          })
          .executeTakeFirst(),
      );
    },
    async fail(id: number, worker: string, error: string, now: string): Promise<boolean> {
      return wrote(
        await held(id, worker)
          .set({ state: 'failed', lease_until: null, last_error: error, updated_at: now })
          .executeTakeFirst(),
      );
    },
    async countByState(): Promise<Record<JobsTable['state'], number>> {
      const rows = await db
        .selectFrom('jobs')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('state')
        .execute();
      const out = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of rows) out[r.state] = Number(r.n);
      return out;
    },
  };
}
export type JobsRepo = ReturnType<typeof createJobsRepo>;
