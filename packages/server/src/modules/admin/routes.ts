import {
  AdminDownloadHistoryRequest,
  AdminDownloadHistoryResponse,
  AdminLevelChangeRequest,
  AdminLoginRequest,
  AdminLoginResponse,
  AdminRefreshResponse,
  AdminUserIdRequest,
  AdminUserListRequest,
  AdminUserListResponse,
  AdminUserResponse,
  AuditListRequest,
  AuditListResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { Unauthorized } from '../../http/errors.js';
import type { AdminRecord, AdminService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator of an `/api/manage/*` call (set by the admin guard). */
    admin: AdminRecord | null;
  }
}

const tags = ['admin'];
export const ADMIN_LOGIN_FIRST = 'Please login as an administrator';

function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return m?.[1] ?? null;
}

/**
 * `/api/manage/*`. The login is open; every other call passes the admin guard first (before its
 * body is read): no token, a user token, or an expired admin token answers 401.
 */
export const adminRoutes =
  (service: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/manage/admin/login',
      {
        schema: {
          tags,
          summary: 'Administrator login (an account with the admin role)',
          body: AdminLoginRequest,
          response: { 200: AdminLoginResponse },
        },
      },
      async (request) => service.login(request.viewer, request.body),
    );

    await app.register(async (scope) => {
      const guarded = scope.withTypeProvider<ZodTypeProvider>();
      guarded.decorateRequest('admin', null);
      guarded.addHook('onRequest', async (request) => {
        const token = bearer(request.headers.authorization);
        if (!token) throw new Unauthorized(ADMIN_LOGIN_FIRST);
        const admin = await service.adminOfToken(token);
        if (!admin) throw new Unauthorized();
        request.admin = admin;
      });
      const adminOf = (request: { admin: AdminRecord | null }): AdminRecord => {
        if (!request.admin) throw new Unauthorized(ADMIN_LOGIN_FIRST);
        return request.admin;
      };

      guarded.post(
        '/api/manage/user/list',
        {
          schema: {
            tags,
            summary: 'Users: keyword, plan level and status filters, paged',
            body: AdminUserListRequest,
            response: { 200: AdminUserListResponse },
          },
        },
        async (request) => service.listUsers(request.body),
      );
      guarded.post(
        '/api/manage/user/level_change',
        {
          schema: {
            tags,
            summary: "Set a user's plan level and its end (audited)",
            body: AdminLevelChangeRequest,
            response: { 200: AdminUserResponse },
          },
        },
        async (request) => service.levelChange(adminOf(request), request.body),
      );
      guarded.post(
        '/api/manage/user/refresh',
        {
          schema: {
            tags,
            summary: "Reset a user's quota counters of the current day and month (audited)",
            body: AdminUserIdRequest,
            response: { 200: AdminRefreshResponse },
          },
        },
        async (request) => service.refresh(adminOf(request), request.body),
      );
      guarded.post(
        '/api/manage/user/download_history',
        {
          schema: {
            tags,
            summary: "A user's downloads, newest first",
            body: AdminDownloadHistoryRequest,
            response: { 200: AdminDownloadHistoryResponse },
          },
        },
        async (request) => service.downloadHistory(request.body),
      );
      guarded.post(
        '/api/manage/audit/list',
        {
          schema: {
            tags,
            summary: 'The audit log of admin actions, newest first',
            body: AuditListRequest,
            response: { 200: AuditListResponse },
          },
        },
        async (request) => service.auditList(request.body),
      );
    });
  };
