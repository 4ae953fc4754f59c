import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isDeletedSql } from './deleted-account.js';
import type { DmcaComplaintsTable } from '../../db/schema.js';
import { filesWhere } from '../files/visibility.js';

export interface Tally {
  key: string;
  n: number;
}

/** How many rows per day (YYYY-MM-DD of an ISO text column) from `since` on. */
async function perDay(
  db: Db,
  table: 'users' | 'files' | 'downloads',
  column: string,
  since: string,
  where = sql`1 = 1`,
) {
  const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const r = await sql<Tally>`SELECT ${day} AS key, count(*) AS n FROM ${sql.table(table)}
    WHERE ${sql.ref(column)} >= ${since} AND ${where} GROUP BY ${day}`.execute(db);
  return r.rows.map((t) => ({ key: t.key, n: Number(t.n) }));
}

/** The aggregates of the console's dashboard: a few GROUP BY queries, no row scans in JavaScript. */
export function createDashboardRepo(db: Db) {
  return {
    /** Users per level, whether that level has expired at `now`, and status; deleted accounts not counted. */
    async users(now: string): Promise<{ user_level: string; expired: number; status: string; n: number }[]> {
      const expired = sql<number>`CASE WHEN user_level_expire_time IS NOT NULL AND user_level_expire_time <= ${now} THEN 1 ELSE 0 END`;
      const rows = await db
        .selectFrom('users')
        .select(['user_level', 'status', expired.as('expired'), (eb) => eb.fn.countAll<number>().as('n')])
        .where(sql<boolean>`NOT ${isDeletedSql}`)
        // By the output column: PostgreSQL does not take a repeated expression with a parameter as the same.
        .groupBy(['user_level', 'status', sql.ref('expired')])
        .execute();
      return rows.map((r) => ({ ...r, expired: Number(r.expired), n: Number(r.n) }));
    },
    signupsSince: (since: string) => perDay(db, 'users', 'created_time', since),
    /** Files added by people (user and console uploads), not the seed or imports. */
    uploadsSince: (since: string) =>
      perDay(db, 'files', 'upload_time', since, sql`source IN ('upload', 'admin')`),
    downloadsSince: (since: string) => perDay(db, 'downloads', 'created_at', since),

    /** Files per status, visibility and whether taken down. */
    async files(): Promise<{ status: string; visibility: string; down: number; n: number }[]> {
      const down = sql<number>`CASE WHEN ${filesWhere('files').takenDown} THEN 1 ELSE 0 END`;
      const rows = await db
        .selectFrom('files')
        .select(['status', 'visibility', down.as('down'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['status', 'visibility', down])
        .execute();
      return rows.map((r) => ({ ...r, down: Number(r.down), n: Number(r.n) }));
    },

    async jobs(): Promise<Tally[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['state as key', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', 'in', ['queued', 'running', 'failed'])
        .groupBy('state')
        .execute();
      return rows.map((r) => ({ key: r.key, n: Number(r.n) }));
    },

    /** Bytes of the stored blobs: files are stored by content, so each sha256 counts once. */
    async storageBytes(): Promise<number> {
      const r = await sql<{ bytes: number | null }>`SELECT sum(size_bytes) AS bytes FROM
        (SELECT sha256, max(size_bytes) AS size_bytes FROM files GROUP BY sha256) AS blobs`.execute(db);
      return Number(r.rows[0]?.bytes ?? 0);
    },

    async openComplaints(statuses: readonly DmcaComplaintsTable['status'][]): Promise<number> {
      const r = await db
        .selectFrom('dmca_complaints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', statuses)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async unhandledMessages(): Promise<number> {
      const r = await db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('handled', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
