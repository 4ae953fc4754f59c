import { z } from 'zod';
import { ROLES, USER_STATUSES } from './account-rules.js';
import { FileId, IsoDate, issuedId, PagedAnswer, pageRequest } from './common.js';
import {
  ASSET_CLASSES,
  COUNTRIES,
  FILE_STATUSES,
  REPORT_LANGUAGES,
  REPORT_TYPES,
  VISIBILITIES,
} from './constants.js';
import { ReingestProgress } from './health.js';
import { ResearchCorrection } from './companies.js';
import { DownloadRecord, MyFile } from './library.js';
import {
  ISSUER_NAME_MAX,
  MY_FILE_AUTHOR_MAX,
  MY_FILE_AUTHORS_MAX,
  MY_FILE_TAG_MAX,
  MY_FILE_TAGS_MAX,
  MY_FILE_TITLE_MAX,
} from './library-rules.js';
import { PLAN_IDS } from './plans.js';
import { Email, LoginCode, NewPassword, UserInfo, Username } from './users.js';

/**
 * Administration (issue 7, first part): admin login, users, download history and the audit log.
 * The spec names the paths (SPEC.md section 7, Admin); the payloads are ours, in its snake_case style.
 */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_LENGTH = 100;
/** The plan levels an administrator can set. */
export const ADMIN_USER_LEVELS = PLAN_IDS;
/** Every action an administrator can take; each one is recorded in the audit log. */
export const AUDIT_ACTIONS = [
  'user.level_change',
  'user.refresh',
  'user.edit',
  'user.active',
  'user.delete',
  'user.password',
  'file.edit',
  'file.delete',
  'file.upload',
  'dmca.edit',
  'dmca.counter_notice',
  'message.edit',
  'glossary.add',
  'glossary.edit',
  'glossary.delete',
  'glossary.restore',
  'glossary.import',
  'company.names',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AdminPaging = pageRequest(ADMIN_PAGE_SIZE, ADMIN_MAX_PAGE_LENGTH);

/** A user id as the server issues them (u_ + base64url). */
export const AdminUserId = issuedId('user_id');

// ---- login -----------------------------------------------------------------------------------

/**
 * `/api/manage/admin/login`: an account whose roles include `admin`; `code` when the server asked
 * for one (a new device, as the user login); the device fingerprint in X-Fingerprint or here.
 */
export const AdminLoginRequest = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  passwd: z.string().min(1, 'passwd is required').max(128),
  code: LoginCode.optional(),
  fingerprint: z.string().max(128).optional(),
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
export const AdminUser = UserInfo.omit({ settings: true, quota: true }).extend({
  /** A deleted (anonymised) account: listed only on request, no action applies to it. */
  deleted: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** `/api/manage/user/list`: keyword on username, e-mail or mobile; filters; newest first. */
export const AdminUserListRequest = z.object({
  keyword: z.string().trim().max(100).optional(),
  user_level: z.enum(ADMIN_USER_LEVELS).optional(),
  /** A status, or "deleted": the deleted accounts (hidden otherwise). */
  status: z.enum([...USER_STATUSES, 'deleted']).optional(),
  ...AdminPaging,
});
export type AdminUserListRequest = z.input<typeof AdminUserListRequest>;
export const AdminUserListResponse = z.object({ user_list: z.array(AdminUser), ...PagedAnswer });
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
/** A download as the user's history shows it, and the address it came from. */
export const AdminDownloadRecord = DownloadRecord.extend({ ip: z.string() });
export type AdminDownloadRecord = z.infer<typeof AdminDownloadRecord>;
export const AdminDownloadHistoryResponse = z.object({
  items: z.array(AdminDownloadRecord),
  ...PagedAnswer,
});
export type AdminDownloadHistoryResponse = z.infer<typeof AdminDownloadHistoryResponse>;

/** `/api/manage/user/edit`: the fields given are changed (username and e-mail stay unique). */
export const AdminUserEditRequest = z.object({
  user_id: AdminUserId,
  username: Username.optional(),
  /** null removes the e-mail (only when the account can still log in by mobile). */
  email: Email.nullable().optional(),
  role: z.array(z.enum(ROLES)).min(1).optional(),
});
export type AdminUserEditRequest = z.input<typeof AdminUserEditRequest>;

/** `/api/manage/user/active`: false disables the account (its sessions end at once), true enables it. */
export const AdminUserActiveRequest = z.object({ user_id: AdminUserId, active: z.boolean() });
export type AdminUserActiveRequest = z.input<typeof AdminUserActiveRequest>;

/**
 * `/api/manage/user/delete`: the account is anonymised (name, e-mail, mobile, password and settings
 * dropped; sessions, stars, collections removed) and their private uploads deleted. Download
 * history and the audit log keep the (now anonymous) id.
 */
export const AdminUserDeleteResponse = z.object({ user_id: z.string(), files_removed: z.number().int() });
export type AdminUserDeleteResponse = z.infer<typeof AdminUserDeleteResponse>;

/** `/api/manage/user/password`: sets a new password; the user's sessions end. */
export const AdminUserPasswordRequest = z.object({ user_id: AdminUserId, passwd: NewPassword });
export type AdminUserPasswordRequest = z.input<typeof AdminUserPasswordRequest>;

// ---- files -----------------------------------------------------------------------------------

/** DMCA state of a file as the console filters it. */
export const FILE_DMCA_STATES = ['none', 'open', 'taken_down'] as const;
export type FileDmcaState = (typeof FILE_DMCA_STATES)[number];
export const ADMIN_FILE_SORTS = ['upload_time', 'publish_date', 'title', 'size_bytes', 'views'] as const;

/** `/api/manage/file/list`: every file, public or private, in any state, taken down or not. */
export const AdminFileListRequest = z.object({
  /** Title, file name, issuer or id. */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(FILE_STATUSES).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  /** The uploader's user id or username. */
  uploader: z.string().trim().max(64).optional(),
  dmca: z.enum(FILE_DMCA_STATES).optional(),
  sort_by: z.enum(ADMIN_FILE_SORTS).default('upload_time'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  ...AdminPaging,
});
export type AdminFileListRequest = z.input<typeof AdminFileListRequest>;

/** A file as its owner sees it (my files), and what only the console sees. */
export const AdminFile = MyFile.extend({
  /** The stored reason, whatever the status (the owner reads one only when processing failed). */
  fail_reason: z.string().nullable(),
  source: z.string(),
  owner_id: z.string().nullable(),
  owner_username: z.string().nullable(),
  views: z.number().int(),
  /** When a DMCA complaint took the file down; null while it is up. */
  taken_down_time: z.string().nullable(),
  /** Complaints about the file not yet closed (received, under review or counter-notice). */
  dmca_open: z.number().int(),
  /**
   * When an administrator confirmed an upload's research data (broker, companies, ratings);
   * null: not confirmed. Until then a published upload stays out of the company pages, the facets
   * and others' follows. A report the library imported (no owner) needs no confirmation.
   */
  research_confirmed_time: z.string().nullable(),
});
export type AdminFile = z.infer<typeof AdminFile>;
export const AdminFileListResponse = z.object({ file_list: z.array(AdminFile), ...PagedAnswer });
export type AdminFileListResponse = z.infer<typeof AdminFileListResponse>;

/** `/api/manage/file/details`: the row plus its metadata and the counts the console shows. */
export const AdminFileDetail = AdminFile.extend({
  authors: z.array(z.string()),
  tags: z.array(z.string()),
  asset_class: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  summary: z.string(),
  downloads: z.number().int(),
  stars: z.number().int(),
  /** The analysts' registration numbers as the report prints them, by name. */
  author_registrations: z.record(z.string(), z.string()),
});
export type AdminFileDetail = z.infer<typeof AdminFileDetail>;
export const AdminFileIdRequest = z.object({ file_id: FileId });
export type AdminFileIdRequest = z.input<typeof AdminFileIdRequest>;
export const AdminFileResponse = z.object({ file: AdminFileDetail });
export type AdminFileResponse = z.infer<typeof AdminFileResponse>;

const MetaText = (max: number) => z.string().trim().min(1).max(max);
/** `/api/manage/file/edit`: the fields given are changed; search sees the change at once. */
export const AdminFileEditRequest = z.object({
  file_id: FileId,
  title: MetaText(MY_FILE_TITLE_MAX).optional(),
  issuer: MetaText(ISSUER_NAME_MAX).optional(),
  authors: z.array(MetaText(MY_FILE_AUTHOR_MAX)).max(MY_FILE_AUTHORS_MAX).optional(),
  publish_date: IsoDate.nullable().optional(),
  report_type: z.enum(REPORT_TYPES).optional(),
  asset_class: z.enum(ASSET_CLASSES).nullable().optional(),
  country: z.enum(COUNTRIES).nullable().optional(),
  tags: z.array(MetaText(MY_FILE_TAG_MAX)).max(MY_FILE_TAGS_MAX).optional(),
  language: z.enum(REPORT_LANGUAGES).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  /** Confirm an upload's research data as checked (true), or take the confirmation back (false). */
  research_confirmed: z.boolean().optional(),
  ...ResearchCorrection,
});
export type AdminFileEditRequest = z.input<typeof AdminFileEditRequest>;
export const AdminFileDeleteResponse = z.object({ file_id: z.string(), ok: z.literal(true) });
export type AdminFileDeleteResponse = z.infer<typeof AdminFileDeleteResponse>;

/** `/api/manage/file/download`: a signed link to `GET /api/manage/file/download_stream` (5 minutes). */
export const AdminFileDownloadResponse = z.object({ download_url: z.string(), expires_time: z.string() });
export type AdminFileDownloadResponse = z.infer<typeof AdminFileDownloadResponse>;

/** `/api/manage/file/download_history`: who downloaded the file, newest first. */
export const AdminFileDownloadHistoryRequest = z.object({ file_id: FileId, ...AdminPaging });
export type AdminFileDownloadHistoryRequest = z.input<typeof AdminFileDownloadHistoryRequest>;
export const AdminFileDownloadRecord = z.object({
  user_id: z.string(),
  username: z.string(),
  ip: z.string(),
  downloaded_time: z.string(),
});
export type AdminFileDownloadRecord = z.infer<typeof AdminFileDownloadRecord>;
export const AdminFileDownloadHistoryResponse = z.object({
  items: z.array(AdminFileDownloadRecord),
  ...PagedAnswer,
});
export type AdminFileDownloadHistoryResponse = z.infer<typeof AdminFileDownloadHistoryResponse>;

// ---- dashboard -------------------------------------------------------------------------------

/** Days of the dashboard's time series (today included). */
export const DASHBOARD_DAYS = 30;
export const DailyCount = z.object({ date: z.string(), count: z.number().int() });
export type DailyCount = z.infer<typeof DailyCount>;
const Counts = z.record(z.string(), z.number().int());

/** `GET /api/manage/dashboard/status`. Each `*_by_day` has DASHBOARD_DAYS entries, oldest first. */
export const DashboardStatusResponse = z.object({
  generated_time: z.string(),
  users: z.object({ total: z.number().int(), by_plan: Counts, by_status: Counts }),
  signups_by_day: z.array(DailyCount),
  files: z.object({
    total: z.number().int(),
    by_status: Counts,
    by_visibility: Counts,
    taken_down: z.number().int(),
  }),
  uploads_by_day: z.array(DailyCount),
  downloads_by_day: z.array(DailyCount),
  translations: Counts,
  jobs: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  storage_bytes: z.number().int(),
  dmca_open: z.number().int(),
  messages_unhandled: z.number().int(),
  reingest: ReingestProgress,
});
export type DashboardStatusResponse = z.infer<typeof DashboardStatusResponse>;

// ---- re-ingestion ----------------------------------------------------------------------------

/**
 * `/api/manage/reingest/start`: reads the library's ready files again in the background, corrected
 * fields kept. By default only the files an older reading read; `all`: every ready file.
 */
export const ReingestStartRequest = z.object({ all: z.boolean().default(false) });
export type ReingestStartRequest = z.input<typeof ReingestStartRequest>;
export const ReingestStartResponse = z.object({
  /** False when a re-ingestion was already queued or running: it goes on, none is added. */
  started: z.boolean(),
  reingest: ReingestProgress,
});
export type ReingestStartResponse = z.infer<typeof ReingestStartResponse>;

// ---- audit log -------------------------------------------------------------------------------

/** `/api/manage/audit/list`: every recorded admin action, newest first. */
export const AuditListRequest = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_id: z.string().trim().max(64).optional(),
  ...AdminPaging,
});
export type AuditListRequest = z.input<typeof AuditListRequest>;
/**
 * In what capacity an entry's actor acted: an administrator in the console, a report's owner
 * (their own corrections and counter-notices), or, for anyone else, their role.
 */
export const AUDIT_ACTOR_ROLES = ['admin', 'owner', 'user'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];
export const AuditRecord = z.object({
  id: z.number().int(),
  /** The account that acted (an administrator, or a report's owner: see `actor_role`). */
  admin_id: z.string(),
  admin_username: z.string(),
  actor_role: z.enum(AUDIT_ACTOR_ROLES),
  /**
   * The report the entry is about (a file's, or a complaint's file): its title now, or as it was
   * when it was deleted; null when the entry is about no report or the title is not known.
   */
  report: z.object({ id: z.string(), title: z.string().nullable(), deleted: z.boolean() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_time: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;
export const AuditListResponse = z.object({ items: z.array(AuditRecord), ...PagedAnswer });
export type AuditListResponse = z.infer<typeof AuditListResponse>;
