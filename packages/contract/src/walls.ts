import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import { FileInfo } from './files.js';

/**
 * Why a call met a wall (every 403 and 429 names one, beside its `code`): the web says which
 * rule was hit, with the numbers, in the user's language, instead of guessing from the status.
 */
export const WALL_REASONS = [
  /** The free plan's file-age rule (`opens_at`: the first day the report opens on it). */
  'file_age',
  /** A monthly quota of the plan is spent (`limit`, `used`, `renews_at`). */
  'monthly_reports',
  'monthly_searches',
  'monthly_conversations',
  'monthly_summaries',
  'monthly_translations',
  'monthly_downloads',
  /** The paid plan's daily download limit (`limit`, `used`, `renews_at`). */
  'daily_downloads',
  /** The plan's daily AI token budget (`limit`: the budget that was reached, `renews_at`). */
  'daily_tokens',
  /** Files a user may hold (`limit`, `used`). */
  'upload_count',
  /** One file larger than the plan accepts (`limit`: bytes). */
  'upload_bytes',
  /** Storage of the plan (`limit`, `used`: bytes). */
  'storage',
  /** Follows and saved searches a user may keep (`limit`, `used`). */
  'follows',
  /** A digest frequency the plan does not send (daily on the free plan). */
  'digest_frequency',
  /** A feature the plan does not offer (downloads, collections, publishing). */
  'plan_feature',
  /** Closed in the user's region. */
  'region',
  /** Too many requests in a short time (`retry_after_s` when known). */
  'rate_limit',
  /** The account is disabled by an administrator. */
  'account_disabled',
  /** A signed file link that is not valid for this viewer, or expired: reopen the file. */
  'link',
] as const;
export type WallReason = (typeof WALL_REASONS)[number];

/** The monthly quota reason of each usage type (the daily download limit has its own). */
export const MONTHLY_REASONS = {
  report: 'monthly_reports',
  search: 'monthly_searches',
  chat: 'monthly_conversations',
  abstract: 'monthly_summaries',
  translate: 'monthly_translations',
  download: 'monthly_downloads',
} as const satisfies Record<string, WallReason>;

/**
 * The reason a refusal of these codes gives when its service names none of its own: one reason
 * each. quota_exceeded has none here: every quota names which (`MONTHLY_REASONS`, ...).
 */
export const DEFAULT_REASONS: Partial<Record<ErrorCode, WallReason>> = {
  [ERROR_CODES.accountDisabled]: 'account_disabled',
  [ERROR_CODES.planRequired]: 'plan_feature',
  [ERROR_CODES.fileAgeBlocked]: 'file_age',
  [ERROR_CODES.regionRestricted]: 'region',
  [ERROR_CODES.linkInvalid]: 'link',
  [ERROR_CODES.linkExpired]: 'link',
  [ERROR_CODES.linkNotYours]: 'link',
  [ERROR_CODES.tooManyRequests]: 'rate_limit',
};

/**
 * The machine-readable part of a wall, in every 403/429 body: the reason and, where they
 * apply, the numbers (limit, used) and when it lifts (ISO timestamps; `opens_at` a date).
 */
export const WallFields = {
  reason: z.enum(WALL_REASONS).optional(),
  limit: z.number().optional(),
  used: z.number().optional(),
  /** When a spent quota starts again (ISO timestamp, UTC). */
  renews_at: z.string().optional(),
  /** The file-age rule: the first day (YYYY-MM-DD) the report opens on the viewer's plan. */
  opens_at: z.string().optional(),
  retry_after_s: z.number().int().optional(),
};

/** Body of every error response (SPEC.md section 8), with the wall's fields on 403 and 429. */
export const ErrorBody = z.object({
  error_msg: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  need_verification: z.boolean().optional(),
  ...WallFields,
  /**
   * The file-age rule's refusal carries the report's details and summary (no link to its PDF),
   * so the reader still sees what the report is and why it is closed.
   */
  locked_file: FileInfo.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
