import type { DigestRecord } from '@rl/contract';
import type { DigestRow } from './repo.js';

/** A digest as the console shows it. */
export const presentDigest = (r: DigestRow): DigestRecord => ({
  period: r.period,
  state: r.state,
  item_count: r.item_count,
  attempts: r.attempts,
  items_since: r.items_since,
  items_until: r.items_until,
  created_time: r.created_at,
  sent_time: r.sent_at,
  next_attempt_time: r.state === 'queued' ? r.next_attempt_at : null,
  last_error: r.last_error,
});
