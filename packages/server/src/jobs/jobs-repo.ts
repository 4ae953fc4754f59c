import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { databaseTimeIso, lockForTransaction, notifyChannel, skipLockedRows } from '../db/dialect.js';
import type { JobsTable } from '../db/schema.js';
import { atomic } from '../db/unit-of-work.js';
import { JOBS, type JobList, type JobRow } from './job-list.js';

export type { JobRow };

/** The channel a PostgreSQL worker LISTENs on to hear of a new job at once. */
export const JOBS_CHANNEL = 'jobs';

/** The job, still running and still this worker's. */
const held = (db: Db, id: number, worker: string) =>
  db.updateTable('jobs').where('id', '=', id).where('locked_by', '=', worker).where('state', '=', 'running');
const wrote = (r: { numUpdatedRows: bigint }) => r.numUpdatedRows > 0n;
/** A lease runs on the database's clock, which every worker shares, never on a worker's own. */
const leaseUntil = (db: Db, leaseMs: number) => databaseTimeIso(db, leaseMs);

/**
 * Queues a job of the list: its payload as its schema reads it, at its first step (`step` for
 * the runner's own tests), unless `unless` holds. One INSERT … SELECT; in the caller's unit of
 * work, the news is sent at commit, when the row is visible.
 */
async function insert<L extends JobList, N extends keyof L & string>(
  on: Db,
  list: L,
  type: N,
  payload: z.input<L[N]['payload']>,
  now: string,
  opts: { step?: string; unless?: RawBuilder<unknown> },
): Promise<number | null> {
  const def = list[type];
  if (!def) throw new Error(`no job of type ${type} in the list`);
  const stored = JSON.stringify(def.payload.parse(payload));
  const r = await sql<{ id: number }>`INSERT INTO jobs
      (type, payload, state, step, attempts, max_attempts, priority, run_after, created_at, updated_at)
    SELECT ${type}, ${stored}, 'queued', ${opts.step ?? def.firstStep}, 0, ${def.maxAttempts ?? 3},
      ${def.priority ?? 0}, ${now}, ${now}, ${now}
    WHERE NOT (${opts.unless ?? sql`FALSE`})
    RETURNING id`.execute(on);
  const id = r.rows[0]?.id ?? null;
  if (id !== null) await notifyChannel(on, JOBS_CHANNEL);
  return id;
}

/** Queuing: a job of the list, or one unless its kind is already live. */
function enqueueing<L extends JobList>(db: Db, list: L) {
  return {
    /** Queues a job; answers its id. */
    async enqueue<N extends keyof L & string>(
      type: N,
      payload: z.input<L[N]['payload']>,
      now: string,
      opts: { step?: string } = {},
    ): Promise<number> {
      return (await insert(db, list, type, payload, now, opts))!;
    },

    /**
     * Queues a job unless one of its kind is queued or running: under a lock on PostgreSQL (whose READ COMMITTED would let two concurrent
     * inserts both pass), so processes starting together queue one. Answers whether it queued.
     */
    async enqueueUnlessLive<N extends keyof L & string>(
      type: N,
      payload: z.input<L[N]['payload']>,
      now: string,
    ): Promise<boolean> {
      const live = sql`EXISTS (SELECT 1 FROM jobs WHERE type = ${type} AND state IN ('queued', 'running'))`;
      return atomic(db, async (trx) => {
        await lockForTransaction(trx, `jobs:${type}`);
        return (await insert(trx, list, type, payload, now, { unless: live })) !== null;
      });
    },
  };
}

/** Claiming a job and holding it: the lease, renewed and extended with each finished step. */
function leasing(db: Db) {
  return {
    /**
     * Takes the oldest job of the highest priority that is due, or running under a lease that ran
     * out (its worker died or stalled), for `worker` until the database's clock passes now +
     * `leaseMs`. One statement: two workers can never take the same job (PostgreSQL skips rows
     * another claim has locked).
     */
    async claim(worker: string, now: string, leaseMs: number): Promise<JobRow | undefined> {
      const dbNow = databaseTimeIso(db);
      const r = await sql<JobRow>`UPDATE jobs SET state = 'running', locked_by = ${worker},
          lease_until = ${leaseUntil(db, leaseMs)}, locked_at = ${now}, attempts = attempts + 1,
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
        await held(db, id, worker)
          .set({ lease_until: leaseUntil(db, leaseMs) })
          .executeTakeFirst(),
      );
    },
    /** Records a finished step (and extends the lease); false when the job is no longer this worker's. */
    async advance(id: number, worker: string, step: string, now: string, leaseMs: number): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({ step, lease_until: leaseUntil(db, leaseMs), updated_at: now })
          .executeTakeFirst(),
      );
    },
  };
}

/** How a run ends: done, handed back, retried later or failed (false: no longer this worker's job). */
function ending(db: Db) {
  return {
    async finish(id: number, worker: string, now: string): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({ state: 'done', lease_until: null, updated_at: now })
          .executeTakeFirst(),
      );
    },
    /**
     * Gives a job whose worker is stopping back at `step`, due at once, for another worker; the
     * interrupted run does not count as an attempt.
     */
    async handBack(id: number, worker: string, step: string, now: string): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
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
        await held(db, id, worker)
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
        await held(db, id, worker)
          .set({ state: 'failed', lease_until: null, last_error: error, updated_at: now })
          .executeTakeFirst(),
      );
    },
  };
}

/** Forgets the finished runs of a periodic kind of job updated before `before`: one a minute would pile up. */
async function forgetDone(db: Db, type: string, before: string): Promise<number> {
  const r = await db
    .deleteFrom('jobs')
    .where('type', '=', type)
    .where('state', '=', 'done')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

async function countByState(db: Db): Promise<Record<JobsTable['state'], number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  const out = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const r of rows) out[r.state] = Number(r.n);
  return out;
}

/**
 * The durable jobs table, shared by every worker process: enqueue, claim atomically with a lease,
 * record each finished step. Every write about a running job names its worker (`locked_by`): a
 * worker whose lease ran out and whose job was taken over writes nothing (the write answers false).
 * `list` is the kinds of job it queues (the runner's tests give their own).
 */
export function jobsRepoOf<L extends JobList>(db: Db, list: L) {
  return {
    /** The kinds of job it queues, for the runner to parse their payloads with. */
    list,
    ...enqueueing(db, list),
    ...leasing(db),
    ...ending(db),
    countByState: () => countByState(db),
    forgetDone: <N extends keyof L & string>(type: N, before: string) => forgetDone(db, type, before),
  };
}
export type JobsRepo<L extends JobList = typeof JOBS> = ReturnType<typeof jobsRepoOf<L>>;

/** The jobs table for the product's kinds of job. */
export const createJobsRepo = (db: Db): JobsRepo => jobsRepoOf(db, JOBS);
