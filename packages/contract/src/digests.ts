import { z } from 'zod';
import { AdminPaging, AdminUserId } from './admin.js';
import { DIGEST_FREQUENCIES } from './account-rules.js';
import { PagedAnswer } from './common.js';
import { Follow } from './follows.js';

/**
 * E-mail digests of new reports: one per user and period (`d:2026-12-02`, `w:2026-W49`, counted
 * in the user's time zone), sent by the job runner, retried with back-off and then failed.
 */

export const DIGEST_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DigestState = (typeof DIGEST_STATES)[number];

/** One digest as the console shows it. */
export const DigestRecord = z.object({
  /** `d:YYYY-MM-DD` (daily) or `w:YYYY-Www` (weekly, ISO week), in the user's time zone. */
  period: z.string(),
  state: z.enum(DIGEST_STATES),
  /** The reports it listed (sent), or was to list. */
  item_count: z.number().int(),
  attempts: z.number().int(),
  /** The reports that arrived after this time and until `items_until` (ISO) are in it. */
  items_since: z.string(),
  items_until: z.string(),
  created_time: z.string(),
  sent_time: z.string().nullable(),
  /** When a failed send is tried again (queued); null otherwise. */
  next_attempt_time: z.string().nullable(),
  /** The SMTP server's answer of the last failed try, or why it was skipped. */
  last_error: z.string().nullable(),
});
export type DigestRecord = z.infer<typeof DigestRecord>;

/** `/api/manage/user/follows`: what a user follows, their digest settings and their last digest. */
export const AdminUserFollowsResponse = z.object({
  user_id: z.string(),
  follows: z.array(Follow),
  /** The frequency chosen, and the one the plan sends (daily chosen on an ended paid plan: weekly). */
  digest: z.enum(DIGEST_FREQUENCIES),
  digest_sent: z.enum(DIGEST_FREQUENCIES),
  /** The zone the periods are counted in (the default when the user chose none). */
  time_zone: z.string(),
  last_digest: DigestRecord.nullable(),
});
export type AdminUserFollowsResponse = z.infer<typeof AdminUserFollowsResponse>;

/** `/api/manage/digest/list`: digests of every user, newest first; `state: failed` for the failures. */
export const AdminDigestListRequest = z.object({
  state: z.enum(DIGEST_STATES).optional(),
  user_id: AdminUserId.optional(),
  ...AdminPaging,
});
export type AdminDigestListRequest = z.input<typeof AdminDigestListRequest>;
export const AdminDigestRecord = DigestRecord.extend({
  user_id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
});
export type AdminDigestRecord = z.infer<typeof AdminDigestRecord>;
export const AdminDigestListResponse = z.object({
  items: z.array(AdminDigestRecord),
  /** Digests that failed for good, whatever the filter. */
  failed: z.number().int(),
  ...PagedAnswer,
});
export type AdminDigestListResponse = z.infer<typeof AdminDigestListResponse>;

/** The signed link of a digest's unsubscribe (GET shows it, POST does it; RFC 8058 one-click). */
export const DigestUnsubscribeQuery = z.object({
  user: z.string().min(1).max(64),
  sig: z.string().min(1).max(128),
});
export type DigestUnsubscribeQuery = z.infer<typeof DigestUnsubscribeQuery>;
