import type { Db } from '../../db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { ThrottleRule } from './limits.js';

/** Sliding-window counters over `rate_events`, shared by every process through the database. */
export function createThrottle(db: Db, clock: Clock) {
  const since = (rule: ThrottleRule) => new Date(clock.now().getTime() - rule.windowS * 1000).toISOString();
  const count = async (rule: ThrottleRule, key: string): Promise<number> => {
    const r = await db
      .selectFrom('rate_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', rule.bucket)
      .where('key', '=', key)
      .where('at', '>', since(rule))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  return {
    count,
    /** Events in the window, the oldest first (to tell when the next one is allowed). */
    async oldest(rule: ThrottleRule, key: string): Promise<string | null> {
      const r = await db
        .selectFrom('rate_events')
        .select('at')
        .where('bucket', '=', rule.bucket)
        .where('key', '=', key)
        .where('at', '>', since(rule))
        .orderBy('at')
        .executeTakeFirst();
      return r?.at ?? null;
    },
    async record(rule: ThrottleRule, key: string): Promise<void> {
      await db
        .insertInto('rate_events')
        .values({ bucket: rule.bucket, key, at: clock.now().toISOString() })
        .execute();
    },
    /** Records the event and answers whether it is over the limit (the event itself counts). */
    async hit(rule: ThrottleRule, key: string): Promise<boolean> {
      await this.record(rule, key);
      return (await count(rule, key)) > rule.limit;
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
