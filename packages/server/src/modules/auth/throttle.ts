import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import { transactionOf } from '../../db/transaction-of.js';
import type { Clock } from '../../platform/clock.js';
import type { ThrottleRule } from './limits.js';

/**
 * Sliding-window counters over `rate_events`, shared by every process through the database.
 * Writes that decide (hit, take, takeFromSource) run with the key's other deciding writes taking
 * turns (lockForTransaction), so concurrent requests on PostgreSQL cannot all pass one count.
 */
export function createThrottle(db: Db, clock: Clock) {
  const inTransaction = transactionOf(db, (trx) => trx);
  const since = (rule: ThrottleRule) => new Date(clock.now().getTime() - rule.windowS * 1000).toISOString();
  const inWindow = (q: Db, rule: ThrottleRule, key: string) =>
    q
      .selectFrom('rate_events')
      .where('bucket', '=', rule.bucket)
      .where('key', '=', key)
      .where('at', '>', since(rule));
  const countIn = async (q: Db, rule: ThrottleRule, key: string): Promise<number> => {
    const r = await inWindow(q, rule, key)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  const event = (rule: ThrottleRule, key: string) => ({
    bucket: rule.bucket,
    key,
    at: clock.now().toISOString(),
  });
  /** Runs `fn` in a transaction that the lock's other deciding writes wait for. */
  const inTurn = <T>(lock: string, fn: (trx: Db) => Promise<T>): Promise<T> =>
    inTransaction(async (trx) => {
      await lockForTransaction(trx, `throttle:${lock}`);
      return fn(trx);
    });
  /**
   * Records the event only while fewer than `limit` are in the window: its id, or undefined.
   * One conditional insert: on SQLite the transaction's first statement is its write.
   */
  const insertBelowLimit = async (trx: Db, rule: ThrottleRule, key: string): Promise<number | undefined> => {
    const e = event(rule, key);
    const r = await trx
      .insertInto('rate_events')
      .columns(['bucket', 'key', 'at'])
      .expression(
        trx
          .selectNoFrom((eb) => [
            eb.val(e.bucket).as('bucket'),
            eb.val(e.key).as('key'),
            eb.val(e.at).as('at'),
          ])
          .where((eb) =>
            eb(
              inWindow(trx, rule, key).select((s) => s.fn.countAll<number>().as('n')),
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

  return {
    /** Events in the window, the oldest first (to tell when the next one is allowed). */
    async oldest(rule: ThrottleRule, key: string): Promise<string | null> {
      const r = await inWindow(db, rule, key).select('at').orderBy('at').executeTakeFirst();
      return r?.at ?? null;
    },
    /** Records the event and answers whether it is over the limit (the event itself counts). */
    hit: (rule: ThrottleRule, key: string): Promise<boolean> =>
      inTurn(`${rule.bucket}:${key}`, async (trx) => {
        await trx.insertInto('rate_events').values(event(rule, key)).execute();
        return (await countIn(trx, rule, key)) > rule.limit;
      }),
    /**
     * Records the event only while fewer than `limit` are in the window: answers its id (to
     * `release` it) and how many were there before it, or null when the window is full.
     */
    take: (rule: ThrottleRule, key: string): Promise<{ id: number; before: number } | null> =>
      inTurn(`${rule.bucket}:${key}`, async (trx) => {
        const id = await insertBelowLimit(trx, rule, key);
        return id === undefined ? null : { id, before: (await countIn(trx, rule, key)) - 1 };
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
      inTurn(`${perSubject.bucket}:${subject}`, async (trx) => {
        const key = fromSource(subject, source);
        const id = await insertBelowLimit(trx, perSource, key);
        if (id === undefined) return null;
        const r = await trx
          .insertInto('rate_events')
          .values(event(perSubject, subject))
          .returning('id')
          .executeTakeFirstOrThrow();
        return {
          ids: [id, r.id],
          sourceBefore: (await countIn(trx, perSource, key)) - 1,
          subjectBefore: (await countIn(trx, perSubject, subject)) - 1,
        };
      }),
    /** The oldest event of `subject` from `source` in the window (see `oldest`). */
    oldestFromSource: (rule: ThrottleRule, subject: string, source: string): Promise<string | null> =>
      inWindow(db, rule, fromSource(subject, source))
        .select('at')
        .orderBy('at')
        .executeTakeFirst()
        .then((r) => r?.at ?? null),
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
export type Throttle = ReturnType<typeof createThrottle>;
