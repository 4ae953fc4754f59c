import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { JobsTable } from '../db/schema.js';

export type JobRow = Omit<JobsTable, 'id'> & { id: number };

/** The durable jobs table: enqueue, claim atomically, record each finished step. */
export function createJobsRepo(db: Db) {
  return {
    async enqueue(
      type: string,
      payload: object,
      firstStep: string,
      now: string,
      maxAttempts = 3,
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
          run_after: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** Takes the oldest due job; one statement, so two runners can never take the same job. */
    async claim(now: string): Promise<JobRow | undefined> {
      const r =
        await sql<JobRow>`UPDATE jobs SET state = 'running', locked_at = ${now}, attempts = attempts + 1, updated_at = ${now}
        WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND run_after <= ${now} ORDER BY id LIMIT 1)
        RETURNING *`.execute(db);
      return r.rows[0];
    },

    async advance(id: number, step: string, now: string): Promise<void> {
      await db.updateTable('jobs').set({ step, updated_at: now }).where('id', '=', id).execute();
    },
    async finish(id: number, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'done', locked_at: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async retryLater(id: number, error: string, runAfter: string, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'queued', locked_at: null, last_error: error, run_after: runAfter, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async fail(id: number, error: string, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ state: 'failed', locked_at: null, last_error: error, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** Jobs left running by a process that stopped: queued again, resuming at their recorded step. */
    async requeueAbandoned(now: string): Promise<number> {
      const r = await db
        .updateTable('jobs')
        .set({ state: 'queued', locked_at: null, run_after: now, updated_at: now })
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
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
