import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import { atomic } from '../../db/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import type { ThrottleRule } from './limits.js';

const since = (clock: Clock, rule: ThrottleRule) =>
  new Date(clock.now().getTime() - rule.windowS * 1000).toISOString();
/** The events of `key` in the rule's window, as of now. */
const inWindow = (q: Db, clock: Clock, rule: ThrottleRule, key: string) =>
  q
    .selectFrom('rate_events')
    .where('bucket', '=', rule.bucket)
    .where('key', '=', key)
    .where('at', '>', since(clock, rule));
const countIn = async (q: Db, clock: Clock, rule: ThrottleRule, key: string): Promise<number> => {
  const r = await inWindow(q, clock, rule, key)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
};
const event = (clock: Clock, rule: ThrottleRule, key: string) => ({
  bucket: rule.bucket,
  key,
  at: clock.now().toISOString(),
});
/** Runs `fn` in a transaction that the lock's other deciding writes wait for. */
const inTurn = <T>(db: Db, lock: string, fn: (trx: Db) => Promise<T>): Promise<T> =>
  atomic(db, async (trx) => {
    await lockForTransaction(trx, `throttle:${lock}`);
    return fn(trx);
  });
/**
 * Records the event only while fewer than `limit` are in the window: its id, or undefined.
 * One conditional insert: on SQLite the transaction's first statement is its write.
 */
const insertBelowLimit = async (
  trx: Db,
  clock: Clock,
  rule: ThrottleRule,
  key: string,
): Promise<number | undefined> => {
  const e = event(clock, rule, key);
  const r = await trx
    .insertInto('rate_events')
    .columns(['bucket', 'key', 'at'])
    .expression(
      trx
        .selectNoFrom((eb) => [eb.val(e.bucket).as('bucket'), eb.val(e.key).as('key'), eb.val(e.at).as('at')])
        .where((eb) =>
          eb(
            inWindow(trx, clock, rule, key).select((s) => s.fn.countAll<number>().as('n')),
            '<',
            rule.limit,
          ),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return r?.id;
};
/** The key of a subject's events from one source. */
const fromSource = (subject: string, source: string) => `${subject} ${source}`;

/** The writes that decide (hit, take, takeFromSource), each in its key's turn. */
function decidingWrites(db: Db, clock: Clock) {
  return {
    /** Records the event and answers whether it is over the limit (the event itself counts). */
    hit: (rule: ThrottleRule, key: string): Promise<boolean> =>
      inTurn(db, `${rule.bucket}:${key}`, async (trx) => {
        await trx
          .insertInto('rate_events')
          .values(event(clock, rule, key))
          .execute();
        return (await countIn(trx, clock, rule, key)) > rule.limit;
      }),
    /**
     * Records the event only while fewer than `limit` are in the window: answers its id (to
     * `release` it) and how many were there before it, or null when the window is full.
     */
    take: (rule: ThrottleRule, key: string): Promise<{ id: number; before: number } | null> =>
      inTurn(db, `${rule.bucket}:${key}`, async (trx) => {
        const id = await insertBelowLimit(trx, clock, rule, key);
        return id === undefined ? null : { id, before: (await countIn(trx, clock, rule, key)) - 1 };
      }),
    /**
     * Records an event of `subject` from `source` in two windows, in one turn per subject: the
     * source's (`perSource`, refused: null when full) and the subject's from anywhere (`perSubject`,
     * which refuses nothing). Answers both ids (to `release` them) and the counts before it, so
     * racing requests each see the ones that came before them.
     */
    takeFromSource: (
      perSource: ThrottleRule,
      perSubject: ThrottleRule,
      subject: string,
      source: string,
    ): Promise<{ ids: number[]; sourceBefore: number; subjectBefore: number } | null> =>
      inTurn(db, `${perSubject.bucket}:${subject}`, async (trx) => {
        const key = fromSource(subject, source);
        const id = await insertBelowLimit(trx, clock, perSource, key);
        if (id === undefined) return null;
        const r = await trx
          .insertInto('rate_events')
          .values(event(clock, perSubject, subject))
          .returning('id')
          .executeTakeFirstOrThrow();
        return {
          ids: [id, r.id],
          sourceBefore: (await countIn(trx, clock, perSource, key)) - 1,
          subjectBefore: (await countIn(trx, clock, perSubject, subject)) - 1,
        };
      }),
  };
}

/** Drops events: one key's, a subject's from one source, those `take` recorded, those past every window. */
function removals(db: Db, clock: Clock) {
  return {
    /** Drops the events of `subject` from `source`. */
    async clearSource(rule: ThrottleRule, subject: string, source: string): Promise<void> {
      await db
        .deleteFrom('rate_events')
        .where('bucket', '=', rule.bucket)
        .where('key', '=', fromSource(subject, source))
        .execute();
    },
    /** Withdraws events `take` or `takeFromSource` recorded. */
    async release(...ids: number[]): Promise<void> {
      if (ids.length) await db.deleteFrom('rate_events').where('id', 'in', ids).execute();
    },
    async clear(rule: ThrottleRule, key: string): Promise<void> {
      await db.deleteFrom('rate_events').where('bucket', '=', rule.bucket).where('key', '=', key).execute();
    },
    /** Drops events older than a day (the longest window). */
    async prune(): Promise<void> {
      const day = new Date(clock.now().getTime() - 24 * 3600 * 1000).toISOString();
      await db.deleteFrom('rate_events').where('at', '<', day).execute();
    },
  };
}

/**
 * Sliding-window counters over `rate_events`, shared by every process through the database.
 * Writes that decide (hit, take, takeFromSource) run with the key's other deciding writes taking
 * turns (lockForTransaction), so concurrent requests on PostgreSQL cannot all pass one count.
 */
export function createThrottle(db: Db, clock: Clock) {
  return {
    /** Events in the window, the oldest first (to tell when the next one is allowed). */
    async oldest(rule: ThrottleRule, key: string): Promise<string | null> {
      const r = await inWindow(db, clock, rule, key).select('at').orderBy('at').executeTakeFirst();
      return r?.at ?? null;
    },
    /** The oldest event of `subject` from `source` in the window (see `oldest`). */
    oldestFromSource: (rule: ThrottleRule, subject: string, source: string): Promise<string | null> =>
      inWindow(db, clock, rule, fromSource(subject, source))
        .select('at')
        .orderBy('at')
        .executeTakeFirst()
        .then((r) => r?.at ?? null),
    ...decidingWrites(db, clock),
    ...removals(db, clock),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
