import { z } from 'zod';
import { USER_STATUSES } from './account-rules.js';
import { PLAN_IDS } from './plans.js';
import { UserInfo } from './users.js';

/**
 * Administration (issue 7, first part): admin login, users, download history and the audit log.
 * The spec names the paths (SPEC.md section 7, Admin); the payloads are ours, in its snake_case style.
 */

/** Lifetime of an admin token: shorter than a user session (SESSION_TTL_DAYS). */
export const ADMIN_TOKEN_TTL_HOURS = 12;
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_LENGTH = 100;
/** The plan levels an administrator can set. */
export const ADMIN_USER_LEVELS = PLAN_IDS;
/** The actions recorded in the audit log so far. */
export const AUDIT_ACTIONS = ['user.level_change', 'user.refresh'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const AdminPaging = {
  page_id: z.number().int().min(1, 'page_id must be greater than 0').default(1),
  page_length: z.number().int().min(1).max(ADMIN_MAX_PAGE_LENGTH).default(ADMIN_PAGE_SIZE),
};
const AdminPagedAnswer = {
  total_items: z.number().int(),
  page_id: z.number().int(),
  page_length: z.number().int(),
};

/** A user id as the server issues them (u_ + base64url). */
export const AdminUserId = z
  .string()
  .trim()
  .min(1, 'user_id is required')
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'user_id has invalid characters');

// ---- login -----------------------------------------------------------------------------------

/** `/api/manage/admin/login`: an account whose roles include `admin`. */
export const AdminLoginRequest = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  passwd: z.string().min(1, 'passwd is required').max(128),
});
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;
export const AdminInfo = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.array(z.string()),
});
export type AdminInfo = z.infer<typeof AdminInfo>;
export const AdminLoginResponse = z.object({
  token: z.string(),
  /** When the token stops working (ADMIN_TOKEN_TTL_HOURS after login). */
  expires_time: z.string(),
  admin_info: AdminInfo,
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponse>;

// ---- users -----------------------------------------------------------------------------------

/** A user as the console lists them: the user info without their settings and quota. */
export const AdminUser = UserInfo.omit({ settings: true, quota: true });
export type AdminUser = z.infer<typeof AdminUser>;

/** `/api/manage/user/list`: keyword on username, e-mail or mobile; filters; newest first. */
export const AdminUserListRequest = z.object({
  keyword: z.string().trim().max(100).optional(),
  user_level: z.enum(ADMIN_USER_LEVELS).optional(),
  status: z.enum(USER_STATUSES).optional(),
  ...AdminPaging,
});
export type AdminUserListRequest = z.input<typeof AdminUserListRequest>;
export const AdminUserListResponse = z.object({ user_list: z.array(AdminUser), ...AdminPagedAnswer });
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

/** `/api/manage/user/level_change`: the plan level and when it ends (null: no end). */
export const AdminLevelChangeRequest = z.object({
  user_id: AdminUserId,
  user_level: z.enum(ADMIN_USER_LEVELS),
  user_level_expire_time: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminLevelChangeRequest = z.input<typeof AdminLevelChangeRequest>;
export const AdminUserResponse = z.object({ user: AdminUser });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const AdminUserIdRequest = z.object({ user_id: AdminUserId });
/** `/api/manage/user/refresh`: the quota counters of the current day and month are reset. */
export const AdminRefreshResponse = z.object({ user_id: z.string(), counters_reset: z.number().int() });
export type AdminRefreshResponse = z.infer<typeof AdminRefreshResponse>;

/** `/api/manage/user/download_history`: the user's counted downloads, newest first. */
export const AdminDownloadHistoryRequest = z.object({ user_id: AdminUserId, ...AdminPaging });
export type AdminDownloadHistoryRequest = z.input<typeof AdminDownloadHistoryRequest>;
export const AdminDownloadRecord = z.object({
  file_id: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  ip: z.string(),
  downloaded_time: z.string(),
});
export type AdminDownloadRecord = z.infer<typeof AdminDownloadRecord>;
export const AdminDownloadHistoryResponse = z.object({
  items: z.array(AdminDownloadRecord),
  ...AdminPagedAnswer,
});
export type AdminDownloadHistoryResponse = z.infer<typeof AdminDownloadHistoryResponse>;

// ---- audit log -------------------------------------------------------------------------------

/** `/api/manage/audit/list`: every recorded admin action, newest first. */
export const AuditListRequest = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_id: z.string().trim().max(64).optional(),
  ...AdminPaging,
});
export type AuditListRequest = z.input<typeof AuditListRequest>;
export const AuditRecord = z.object({
  id: z.number().int(),
  admin_id: z.string(),
  admin_username: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_time: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;
export const AuditListResponse = z.object({ items: z.array(AuditRecord), ...AdminPagedAnswer });
export type AuditListResponse = z.infer<typeof AuditListResponse>;
