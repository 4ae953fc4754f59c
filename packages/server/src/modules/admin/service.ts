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
import { isAdmin, type AdminRecord } from '../access/admin-record.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
import type { AdminRepo } from './repo.js';
import { presentAuditPage } from './audit-log.js';

type LoginIn = z.output<typeof AdminLoginRequest>;
type ListIn = z.output<typeof AdminUserListRequest>;
type LevelIn = z.output<typeof AdminLevelChangeRequest>;
type UserIdIn = z.output<typeof AdminUserIdRequest>;
type HistoryIn = z.output<typeof AdminDownloadHistoryRequest>;
type AuditIn = z.output<typeof AuditListRequest>;

/** What a change of a user's plan or counters writes together: the change and its audit row. */
export type AdminTx = { admin: AdminRepo; audit: AuditRepo };

export interface AdminDeps {
  repo: AdminRepo;
  /** A change and its audit row land together (db/unit-of-work.ts). */
  transaction: UnitOfWork<AdminTx>;
  downloads: DownloadsRepo;
  loginCheck: LoginCheck;
  /** Tells a user's token from a console one at logout. */
  sessions: Pick<Sessions, 'userOfToken'>;
  clock: Clock;
  /** A console session unused this long ends (CONSOLE_IDLE_MINUTES). */
  idleMinutes: number;
}

const adminInfo = (u: AdminRecord): AdminInfo => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
});

const userNotFound = () => new AppError(ERROR_CODES.userNotFound, msg('userNotFound'));

/** The new level's end, refused when a trial is given one or when it has already passed. */
function levelExpiry(req: LevelIn, now: Date): string | null {
  const expires = req.user_level_expire_time && new Date(req.user_level_expire_time).toISOString();
  if (req.user_level === 'trial' && expires)
    throw new AppError(ERROR_CODES.validation, msg('trialLevelNoExpiry'), {
      field: 'user_level_expire_time',
    });
  if (expires && expires <= now.toISOString())
    throw new AppError(ERROR_CODES.validation, msg('expiryInPast'), {
      field: 'user_level_expire_time',
    });
  return expires;
}

/** Console login, logout and the administrator behind a token. */
function consoleSessions(deps: AdminDeps) {
  const { repo, clock } = deps;
  const idle = sessionIdle(deps.idleMinutes * 60_000);
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

    /**
     * Console logout: ends the console session `token` names; a stale or unknown token ends nothing.
     * A user's live token is refused like at any console call, and its session stays.
     */
    async logout(token: string): Promise<void> {
      if (await deps.sessions.userOfToken(token))
        throw new AppError(ERROR_CODES.unauthorized, msg('loginExpired'));
      await repo.revokeSession(tokenHash(token), clock.now().toISOString());
    },

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
  };
}

/** The users' plan levels and quota counters, each change with its audit row. */
function userPlans(deps: AdminDeps, presentUser: (row: UserRow) => AdminUser) {
  const { clock } = deps;
  /** The periods whose counters a refresh resets: this month and today (not `total`). */
  const currentPeriods = () => {
    const iso = clock.now().toISOString();
    return [iso.slice(0, 7), iso.slice(0, 10)];
  };
  return {
    /** Sets the plan level and its end; the user's next call sees it (the viewer reads the row). */
    async levelChange(admin: AdminRecord, req: LevelIn): Promise<AdminUserResponse> {
      const expires = levelExpiry(req, clock.now());
      const now = clock.now().toISOString();
      const updated = await deps.transaction(async (tx) => {
        const before = await tx.admin.userById(req.user_id);
        if (!before) throw userNotFound();
        const after = await tx.admin.setLevel(before.id, req.user_level, expires, now);
        const shown = (r: UserRow) => ({
          user_level: r.user_level,
          user_level_expire_time: r.user_level_expire_time,
        });
        await tx.audit.write(
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
      return deps.transaction(async (tx) => {
        const user = await tx.admin.userById(req.user_id);
        if (!user) throw userNotFound();
        const subject = `u:${user.id}`;
        const counters = await tx.admin.usage(subject, periods);
        const reset = await tx.admin.resetUsage(subject, periods);
        const asMap = Object.fromEntries(counters.map((c) => [`${c.usage_type}|${c.period}`, c.count]));
        await tx.audit.write(
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
  };
}

/** Admin login and sessions, user management and the audit log (issue 7, first part). */
export function createAdminService(deps: AdminDeps) {
  const { repo, clock } = deps;
  const presentUser = (row: UserRow): AdminUser => presentAdminUser(row, clock.now());

  return {
    ...consoleSessions(deps),
    ...userPlans(deps, presentUser),

    async listUsers(req: ListIn): Promise<AdminUserListResponse> {
      const { rows, total } = await repo.listUsers(
        { keyword: req.keyword || undefined, user_level: req.user_level, status: req.status },
        pageWindow(req),
      );
      return { user_list: rows.map(presentUser), ...pagingAnswer(req, total) };
    },

    async downloadHistory(req: HistoryIn): Promise<AdminDownloadHistoryResponse> {
      if (!(await repo.userById(req.user_id))) throw userNotFound();
      const { rows, total } = await deps.downloads.page(req.user_id, pageWindow(req));
      return { items: rows.map((r) => ({ ...presentDownload(r), ip: r.ip })), ...pagingAnswer(req, total) };
    },

    async auditList(req: AuditIn): Promise<AuditListResponse> {
      const { rows, total } = await repo.auditPage(
        { action: req.action, target_id: req.target_id || undefined },
        pageWindow(req),
      );
      return { items: await presentAuditPage(repo, rows), ...pagingAnswer(req, total) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
