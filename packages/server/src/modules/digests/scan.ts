import { parseSettings } from '../users/model.js';
import { digestOf } from './digest-settings.js';
import type { DigestLinks } from './links.js';
import { digestPeriod } from './periods.js';
import type { DigestsRepo, DueDigest, NextDue } from './repo.js';

/** Users read per query of the scan. */
const SCAN_BATCH = 500;

/**
 * Queues the digests owed now: for each user with new inbox arrivals since their last digest, the
 * period their wall clock is in, unless it is queued already. A period's digest lists what arrived
 * after the previous digest (at most two periods back) and before the period started; queuing is
 * idempotent (one row per user and period), so any number of processes may scan at once. Answers
 * how many it queued.
 */
export async function queueDueDigests(deps: {
  repo: Pick<DigestsRepo, 'candidates' | 'queue'>;
  links: Pick<DigestLinks, 'messageId'>;
  now: Date;
  /** The hour of the user's day a period starts at. */
  hour: number;
}): Promise<number> {
  const { repo, links, now, hour } = deps;
  const nowIso = now.toISOString();
  let queued = 0;
  let after = '';
  for (;;) {
    const batch = await repo.candidates(after, SCAN_BATCH, nowIso);
    const dues: DueDigest[] = [];
    const next: NextDue[] = [];
    for (const c of batch) {
      const { frequency, timeZone } = digestOf({ ...c, settings: parseSettings(c.settings) }, now);
      if (frequency === 'off') continue;
      const period = digestPeriod(frequency, timeZone, now, hour);
      // Whatever this period owes them, nothing more is owed before the next one starts (or their
      // plan ends, which may change the frequency they are sent).
      const expires = c.user_level_expire_time;
      const dueAt = expires && expires > nowIso && expires < period.endsAt ? expires : period.endsAt;
      next.push({ user_id: c.user_id, due_at: dueAt, basis: c.basis });
      if (c.last_period === period.key) continue;
      const since = c.last_until && c.last_until > period.lookbackFrom ? c.last_until : period.lookbackFrom;
      // The last digest reached past this period's start (the user went from daily to weekly).
      if (since >= period.startsAt) continue;
      dues.push({
        user_id: c.user_id,
        period: period.key,
        since,
        until: period.startsAt,
        message_id: links.messageId(c.user_id, period.key),
      });
    }
    queued += await repo.queue(dues, next, nowIso);
    if (batch.length < SCAN_BATCH) return queued;
    after = batch.at(-1)!.user_id;
  }
}
