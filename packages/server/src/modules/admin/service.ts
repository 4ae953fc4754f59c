import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ERROR_CODES,
  ADMIN_TOKEN_TTL_HOURS,
  type AdminDownloadHistoryRequest,
  type AdminDownloadHistoryResponse,
  type AdminInfo,
  type AdminLevelChangeRequest,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type AdminRefreshResponse,
  type AdminUser,
  type AdminUserIdRequest,
  type AdminUserListRequest,
  type AdminUserListResponse,
  type AdminUserResponse,
  type AuditListRequest,
  type AuditListResponse,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Language } from '../../messages/bilingual.js';
import type { Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import type { Clock } from '../../platform/clock.js';
import type { LoginCheck } from '../auth/login-check.js';
import { sessionIdle } from '../auth/session-idle.js';
import { tokenHash, type Sessions } from '../auth/sessions.js';
import { presentDownload } from '../downloads/presenter.js';
import { presentAdminUser } from './deleted-account.js';
import type { DownloadsRepo } from '../downloads/repo.js';
import { toUserRecord, type UserRow } from '../users/model.js';
import { isAdmin, type AdminRecord } from './admin-record.js';
import type { AdminRepo, AuditRow } from './repo.js';

type LoginIn = z.output<typeof AdminLoginRequest>;
type ListIn = z.output<typeof AdminUserListRequest>;
type LevelIn = z.output<typeof AdminLevelChangeRequest>;
type UserIdIn = z.output<typeof AdminUserIdRequest>;
type HistoryIn = z.output<typeof AdminDownloadHistoryRequest>;
type AuditIn = z.output<typeof AuditListRequest>;

export interface AdminDeps {
  repo: AdminRepo;
  downloads: DownloadsRepo;
  loginCheck: LoginCheck;
  /** Ends a token's session at logout (the same for user and console tokens). */
  sessions: Pick<Sessions, 'revoke'>;
  clock: Clock;
  /** A console session unused this long ends (CONSOLE_IDLE_MINUTES). */
  idleMinutes: number;
}

/** Admin login and sessions, user management and the audit log (issue 7, first part). */
export function createAdminService(deps: AdminDeps) {
  const { repo, clock } = deps;
  const idle = sessionIdle(deps.idleMinutes * 60_000);

  const presentUser = (row: UserRow): AdminUser => presentAdminUser(row, clock.now());
  const adminInfo = (u: AdminRecord): AdminInfo => ({
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
  });
  const parseJson = (json: string | null): Record<string, unknown> | null => {
    if (json === null) return null;
    try {
      return JSON.parse(json) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
  const presentAudit = (r: AuditRow) => ({
    id: r.id,
    admin_id: r.admin_id,
    admin_username: r.admin_username,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    before: parseJson(r.before_json),
    after: parseJson(r.after_json),
    created_time: r.created_at,
  });
  /** The periods whose counters a refresh resets: this month and today (not `total`). */
  const currentPeriods = () => {
    const iso = clock.now().toISOString();
    return [iso.slice(0, 7), iso.slice(0, 10)];
  };

  return {
    /**
     * Admin login: the user login's check (login-check.ts: throttles, new-device and attack codes);
     * 400 invalid_credentials also for a right password of an account that is not an (enabled)
     * administrator: one answer, never telling which.
     */
    async login(viewer: Viewer, req: LoginIn, language: Language): Promise<AdminLoginResponse> {
      const { row } = await deps.loginCheck.check(viewer, req, { admits: isAdmin, language });
      const user = toUserRecord(row);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expires = new Date(now.getTime() + ADMIN_TOKEN_TTL_HOURS * 3600_000).toISOString();
      await repo.createSession({
        token_hash: tokenHash(token),
        admin_id: user.id,
        now: now.toISOString(),
        expires_at: expires,
      });
      await repo.recordLogin(user.id, now.toISOString());
      return { token, expires_time: expires, admin_info: adminInfo(user) };
    },

    /** Console logout: ends the session `token` names; a stale or unknown token ends nothing. */
    logout: (token: string) => deps.sessions.revoke(token),

    /**
     * The administrator of a live admin token; null when unknown, expired, idle, revoked, or no
     * longer an admin.
     */
    async adminOfToken(token: string): Promise<AdminRecord | null> {
      if (token.length > 200) return null;
      const hash = tokenHash(token);
      const now = clock.now();
      const found = await repo.activeSession(hash, now.toISOString(), idle.usedAfter(now));
      if (!found) return null;
      const user = toUserRecord(found.user);
      if (!isAdmin(user)) return null;
      if (idle.touchDue(found.last_used_at, now)) await repo.touchSession(hash, now.toISOString());
      return user;
    },

    async listUsers(req: ListIn): Promise<AdminUserListResponse> {
      const { rows, total } = await repo.listUsers(
        { keyword: req.keyword || undefined, user_level: req.user_level, status: req.status },
        pageWindow(req),
      );
      return { user_list: rows.map(presentUser), ...pagingAnswer(req, total) };
    },

    /** Sets the plan level and its end; the user's next call sees it (the viewer reads the row). */
    async levelChange(admin: AdminRecord, req: LevelIn): Promise<AdminUserResponse> {
      const expires = req.user_level_expire_time && new Date(req.user_level_expire_time).toISOString();
      if (req.user_level === 'trial' && expires)
        throw new AppError(ERROR_CODES.validation, msg('trialLevelNoExpiry'), {
          field: 'user_level_expire_time',
        });
      if (expires && expires <= clock.now().toISOString())
        throw new AppError(ERROR_CODES.validation, msg('expiryInPast'), {
          field: 'user_level_expire_time',
        });
      const now = clock.now().toISOString();
      const updated = await repo.transaction(async (tx) => {
        const before = await tx.userById(req.user_id);
        if (!before) throw new AppError(ERROR_CODES.userNotFound, msg('userNotFound'));
        const after = await tx.setLevel(before.id, req.user_level, expires ?? null, now);
        const shown = (r: UserRow) => ({
          user_level: r.user_level,
          user_level_expire_time: r.user_level_expire_time,
        });
        await tx.audit(
          admin,
          {
            action: 'user.level_change',
            targetType: 'user',
            targetId: before.id,
            before: shown(before),
            after: shown(after),
          },
          now,
        );
        return after;
      });
      return { user: presentUser(updated) };
    },

    /** Resets the user's quota counters of this month and today (the counted reports too). */
    async refresh(admin: AdminRecord, req: UserIdIn): Promise<AdminRefreshResponse> {
      const now = clock.now().toISOString();
      const periods = currentPeriods();
      return repo.transaction(async (tx) => {
        const user = await tx.userById(req.user_id);
        if (!user) throw new AppError(ERROR_CODES.userNotFound, msg('userNotFound'));
        const subject = `u:${user.id}`;
        const counters = await tx.usage(subject, periods);
        const reset = await tx.resetUsage(subject, periods);
        const asMap = Object.fromEntries(counters.map((c) => [`${c.usage_type}|${c.period}`, c.count]));
        await tx.audit(
          admin,
          {
            action: 'user.refresh',
            targetType: 'user',
            targetId: user.id,
            before: { counters: asMap },
            after: { counters: {} },
          },
          now,
        );
        return { user_id: user.id, counters_reset: reset };
      });
    },

    async downloadHistory(req: HistoryIn): Promise<AdminDownloadHistoryResponse> {
      if (!(await repo.userById(req.user_id)))
        throw new AppError(ERROR_CODES.userNotFound, msg('userNotFound'));
      const { rows, total } = await deps.downloads.page(req.user_id, pageWindow(req));
      return { items: rows.map((r) => ({ ...presentDownload(r), ip: r.ip })), ...pagingAnswer(req, total) };
    },

    async auditList(req: AuditIn): Promise<AuditListResponse> {
      const { rows, total } = await repo.auditPage(
        { action: req.action, target_id: req.target_id || undefined },
        pageWindow(req),
      );
      return { items: rows.map(presentAudit), ...pagingAnswer(req, total) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
