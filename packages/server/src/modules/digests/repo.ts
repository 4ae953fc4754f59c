import { DEFAULT_DIGEST_FREQUENCY } from '@rl/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseTimeIso, jsonText, skipLockedRows } from '../../db/dialect.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { DigestsTable } from '../../db/schema.js';
import { atomic } from '../../db/unit-of-work.js';
import { filesWhere } from '../files/visibility.js';
import { LIBRARY_COLUMNS, type LibraryRow } from '../stars/library-rows.js';

export type DigestRow = Selectable<DigestsTable>;
export type DigestState = DigestsTable['state'];

/** A user who may be owed a digest: new inbox arrivals since their last digest's window. */
export interface DigestCandidate {
  user_id: string;
  /** What their periods are counted from now (`digestBasis`): kept with their next due time. */
  basis: string;
  settings: string;
  user_level: string;
  user_level_expire_time: string | null;
  /** The period of their latest digest, whatever its state; null: none yet. */
  last_period: string | null;
  /** Where their latest digest that did not fail ended: the next one lists arrivals after it. */
  last_until: string | null;
}

/** When a user the scan looked at is next due, and what their periods were counted from. */
export interface NextDue {
  user_id: string;
  due_at: string;
  basis: string;
}

/** A period's digest to queue: the arrivals after `since`, until `until`. */
export interface DueDigest {
  user_id: string;
  period: string;
  since: string;
  until: string;
  message_id: string;
}

/** A report a digest lists: the list row, its summaries and when it reached the inbox. */
export type DigestItemRow = LibraryRow & {
  summary: string;
  multi_language_summary: string;
  arrived_at: string;
};

export type ConsoleDigestRow = DigestRow & { username: string; email: string | null };

/** The inbox arrivals of a user in a window, through the one visibility rule. */
const arrivals = (userId: string, since: string, until: string) =>
  sql`inbox_items i JOIN files f ON f.seq = i.file_seq
    WHERE i.user_id = ${userId} AND i.arrived_at > ${since} AND i.arrived_at <= ${until}
      AND ${filesWhere().readableBy(userId)}`;

/**
 * What decides a user's periods, as one text: the digest's frequency and zone chosen, the plan and
 * when it ends. A user whose basis changed (daily chosen, a new zone, a plan renewed) is looked at
 * again at once, whenever their next period was due.
 */
const digestBasis = (db: Db) =>
  sql<string>`coalesce(${jsonText(db, sql.ref('u.settings'), 'digest')}, '') || '|' ||
    coalesce(${jsonText(db, sql.ref('u.settings'), 'time_zone')}, '') || '|' || u.user_level || '|' ||
    coalesce(u.user_level_expire_time, '')`;

/** The digest, still sending and still this worker's. */
const held = (db: Db, id: number, worker: string) =>
  db
    .updateTable('digests')
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('state', '=', 'sending');
const wrote = (r: { numUpdatedRows: bigint }) => r.numUpdatedRows > 0n;

/** Finding who is owed a digest and queuing it: one row per user and period, whoever queues it. */
function queuing(db: Db) {
  return {
    /**
     * Users after `afterUserId` (by id, `limit` at most) with an e-mail, not disabled, a digest not
     * turned off, due at `now` (never looked at, their next period started, or their basis changed)
     * and an inbox arrival after their last digest's window: those a period may owe one.
     */
    async candidates(afterUserId: string, limit: number, now: string): Promise<DigestCandidate[]> {
      const lastUntil = sql`(SELECT max(d.items_until) FROM digests d
        WHERE d.user_id = u.id AND d.state <> 'failed')`;
      const basis = digestBasis(db);
      const r = await sql<DigestCandidate>`SELECT u.id AS user_id, ${basis} AS basis, u.settings,
          u.user_level, u.user_level_expire_time,
          (SELECT d.period FROM digests d WHERE d.user_id = u.id
            ORDER BY d.items_until DESC, d.id DESC LIMIT 1) AS last_period,
          ${lastUntil} AS last_until
        FROM users u LEFT JOIN digest_due s ON s.user_id = u.id
        WHERE u.id > ${afterUserId} AND u.email IS NOT NULL AND u.status <> 'disabled'
          AND coalesce(${jsonText(db, sql.ref('u.settings'), 'digest')}, ${DEFAULT_DIGEST_FREQUENCY}) <> 'off'
          AND (s.user_id IS NULL OR s.due_at <= ${now} OR s.basis <> ${basis})
          AND EXISTS (SELECT 1 FROM inbox_items i
            WHERE i.user_id = u.id AND i.arrived_at > coalesce(${lastUntil}, ''))
        ORDER BY u.id LIMIT ${limit}`.execute(db);
      return r.rows;
    },

    /**
     * Queues each period's digest that lists at least one report its user may still see; a period
     * already queued (by this or any other process) stays as it is. Records when each user looked
     * at is next due (`next`), whether or not a digest was queued for them. One transaction, one
     * commit (a commit each cost PostgreSQL ~6 ms a digest); `dues` in user order, as `candidates`
     * gives them, so two scans at once wait on each other's rows in the same order. Answers how
     * many it queued.
     */
    async queue(dues: DueDigest[], next: NextDue[], now: string): Promise<number> {
      if (!dues.length && !next.length) return 0;
      return atomic(db, async (trx) => {
        if (next.length)
          await trx
            .insertInto('digest_due')
            .values(next)
            .onConflict((oc) =>
              oc.column('user_id').doUpdateSet((eb) => ({
                due_at: eb.ref('excluded.due_at'),
                basis: eb.ref('excluded.basis'),
              })),
            )
            .execute();
        let queued = 0;
        for (const due of dues) {
          const r = await sql`INSERT INTO digests (user_id, period, state, items_since, items_until,
              item_count, attempts, next_attempt_at, message_id, created_at, updated_at)
            SELECT ${due.user_id}, ${due.period}, 'queued', ${due.since}, ${due.until}, 0, 0, ${now},
              ${due.message_id}, ${now}, ${now}
            WHERE EXISTS (SELECT 1 FROM ${arrivals(due.user_id, due.since, due.until)})
            ON CONFLICT (user_id, period) DO NOTHING`.execute(trx);
          queued += Number(r.numAffectedRows ?? 0n) > 0 ? 1 : 0;
        }
        return queued;
      });
    },
  };
}

/** Claiming digests to send under a lease, and how each send ends. */
function sending(db: Db) {
  return {
    /**
     * Takes up to `limit` digests that are due, or sending under a lease that ran out (their worker
     * died), for `worker` until the database's clock passes now + `leaseMs`. One statement: two
     * workers never take the same digest (PostgreSQL skips rows another claim holds).
     */
    async claim(worker: string, now: string, leaseMs: number, limit: number): Promise<DigestRow[]> {
      const r = await sql<DigestRow>`UPDATE digests SET state = 'sending', locked_by = ${worker},
          lease_until = ${databaseTimeIso(db, leaseMs)}, attempts = attempts + 1, updated_at = ${now}
        WHERE id IN (SELECT id FROM digests
          WHERE (state = 'queued' AND next_attempt_at <= ${now})
             OR (state = 'sending' AND lease_until < ${databaseTimeIso(db)})
          ORDER BY next_attempt_at, id LIMIT ${limit} ${skipLockedRows(db)})
        RETURNING *`.execute(db);
      return r.rows;
    },

    /** Whether a digest is due, or sending under a lease that ran out (a run of the job has work). */
    async anyDue(now: string): Promise<boolean> {
      const r = await sql<{ id: number }>`SELECT id FROM digests
        WHERE (state = 'queued' AND next_attempt_at <= ${now})
           OR (state = 'sending' AND lease_until < ${databaseTimeIso(db)})
        LIMIT 1`.execute(db);
      return r.rows.length > 0;
    },

    /** Extends the lease right before a send; false when the digest is no longer this worker's. */
    async hold(id: number, worker: string, leaseMs: number): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({ lease_until: databaseTimeIso(db, leaseMs) })
          .executeTakeFirst(),
      );
    },

    async sent(id: number, worker: string, itemCount: number, now: string): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({ state: 'sent', item_count: itemCount, sent_at: now, lease_until: null, updated_at: now })
          .executeTakeFirst(),
      );
    },

    /** Nothing to send after all (the digest turned off, no address, no report left to list). */
    async skipped(id: number, worker: string, reason: string, now: string): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({ state: 'skipped', last_error: reason, lease_until: null, updated_at: now })
          .executeTakeFirst(),
      );
    },

    async retryLater(id: number, worker: string, error: string, at: string, now: string): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({
            state: 'queued',
            locked_by: null,
            lease_until: null,
            last_error: error,
            next_attempt_at: at,
            updated_at: now,
          })
          .executeTakeFirst(),
      );
    },

    async fail(id: number, worker: string, error: string, now: string): Promise<boolean> {
      return wrote(
        await held(db, id, worker)
          .set({ state: 'failed', last_error: error, lease_until: null, updated_at: now })
          .executeTakeFirst(),
      );
    },

    /** The reports a digest lists, newest arrival first (`limit` at most). */
    async items(userId: string, since: string, until: string, limit: number): Promise<DigestItemRow[]> {
      const r = await sql<DigestItemRow>`SELECT ${LIBRARY_COLUMNS}, f.summary, f.multi_language_summary,
          i.arrived_at
        FROM ${arrivals(userId, since, until)}
        ORDER BY i.arrived_at DESC, i.file_seq DESC LIMIT ${limit}`.execute(db);
      return r.rows;
    },

    /** How many reports the window holds in all (the digest lists the first of them). */
    async itemCount(userId: string, since: string, until: string): Promise<number> {
      const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${arrivals(userId, since, until)}`.execute(
        db,
      );
      return Number(r.rows[0]?.n ?? 0);
    },
  };
}

/** What the console reads: a user's last digest, and every digest by state. */
function reading(db: Db) {
  return {
    lastOf(userId: string): Promise<DigestRow | undefined> {
      return db
        .selectFrom('digests')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('items_until', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    page(
      filter: { state?: DigestState; userId?: string },
      window: PageWindow,
    ): Promise<Page<ConsoleDigestRow>> {
      let matching = db.selectFrom('digests as d').innerJoin('users as u', 'u.id', 'd.user_id');
      if (filter.state) matching = matching.where('d.state', '=', filter.state);
      if (filter.userId) matching = matching.where('d.user_id', '=', filter.userId);
      return pageOf(
        matching,
        (q) =>
          q
            .selectAll('d')
            .select(['u.username', 'u.email'])
            .orderBy('d.updated_at', 'desc')
            .orderBy('d.id', 'desc'),
        window,
      );
    },

    async countByState(state: DigestState): Promise<number> {
      const r = await db
        .selectFrom('digests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', state)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}

/**
 * The digests table: queued once per user and period, claimed under a lease on the database's
 * clock, and ended by the worker that holds it (every write names it: a worker whose digest was
 * taken over writes nothing).
 */
export function createDigestsRepo(db: Db) {
  return { ...queuing(db), ...sending(db), ...reading(db) };
}
export type DigestsRepo = ReturnType<typeof createDigestsRepo>;
