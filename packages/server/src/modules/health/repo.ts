import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf, type DialectName } from '../../db/dialect.js';

export interface JobBacklog {
  queued: number;
  running: number;
  failed: number;
  /** `run_after` of the queued job that has been due the longest; null when none is due. */
  oldestDueAt: string | null;
}

/** What the health check asks the database: that it answers, and how much work waits. */
export function createHealthRepo(db: Db) {
  return {
    dialect: dialectOf(db) satisfies DialectName,

    /** One round trip that reads no table. */
    async ping(): Promise<void> {
      await sql`SELECT 1`.execute(db);
    },

    /** One pass over the claim index (state, run_after): finished jobs, the bulk, are not read. */
    async jobBacklog(now: string): Promise<JobBacklog> {
      const r = await db
        .selectFrom('jobs')
        .where('state', 'in', ['queued', 'running', 'failed'])
        .select([
          sql<number | null>`sum(CASE WHEN state = 'queued' THEN 1 ELSE 0 END)`.as('queued'),
          sql<number | null>`sum(CASE WHEN state = 'running' THEN 1 ELSE 0 END)`.as('running'),
          sql<number | null>`sum(CASE WHEN state = 'failed' THEN 1 ELSE 0 END)`.as('failed'),
          sql<string | null>`min(CASE WHEN state = 'queued' AND run_after <= ${now} THEN run_after END)`.as(
            'oldest_due_at',
          ),
        ])
        .executeTakeFirstOrThrow();
      return {
        queued: Number(r.queued ?? 0),
        running: Number(r.running ?? 0),
        failed: Number(r.failed ?? 0),
        oldestDueAt: r.oldest_due_at,
      };
    },
  };
}
export type HealthRepo = ReturnType<typeof createHealthRepo>;
