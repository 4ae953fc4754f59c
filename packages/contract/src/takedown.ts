import { z } from 'zod';

/**
 * What the owner of a taken-down upload sees of it: the complaints that keep it down and the state
 * of the counter-notice they sent against each (My uploads; the console's files list too).
 */

/**
 * received → forwarded (sent to the complainant) → restored (an administrator put the file back)
 * or rejected (the counter-notice does not hold; the file stays down). Nothing moves by itself.
 */
export const COUNTER_NOTICE_STATUSES = ['received', 'forwarded', 'restored', 'rejected'] as const;
export type CounterNoticeStatus = (typeof COUNTER_NOTICE_STATUSES)[number];
/** A complaint has at most one counter-notice in these states. */
export const COUNTER_NOTICE_OPEN_STATUSES = ['received', 'forwarded'] as const;

/** A counter-notice as its sender follows it. */
export const CounterNoticeState = z.object({
  id: z.string(),
  status: z.enum(COUNTER_NOTICE_STATUSES),
  submitted_time: z.string(),
  updated_time: z.string(),
});
export type CounterNoticeState = z.infer<typeof CounterNoticeState>;

/** An accepted complaint keeping the file down, as its owner reads it. */
export const TakedownComplaint = z.object({
  complaint_id: z.string(),
  /** When the complaint arrived. */
  received_time: z.string(),
  copyright_holder: z.string(),
  /** The complainant's description of the infringement (they agreed to share it with the uploader). */
  reason: z.string(),
  /** The latest counter-notice against this complaint, if any. */
  counter_notice: CounterNoticeState.nullable(),
  /** The owner may send a counter-notice now (none is open against this complaint). */
  can_counter: z.boolean(),
});
export type TakedownComplaint = z.infer<typeof TakedownComplaint>;

export const FileTakedown = z.object({
  /** When the first accepted complaint took the file down. */
  taken_down_time: z.string(),
  complaints: z.array(TakedownComplaint),
});
export type FileTakedown = z.infer<typeof FileTakedown>;
