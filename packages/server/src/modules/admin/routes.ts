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
  Ok,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../http/bearer.js';
import { languageOf } from '../../http/request-language.js';
import { adminScope, requireAdmin } from '../../http/admin-guard.js';
import type { AdminService } from './service.js';

const tags = ['admin'];

/**
 * `/api/manage/*`. The login and logout are open; every other call passes the admin guard first (before its
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
      async (request) => service.login(request.viewer, request.body, languageOf(request)),
    );
    // Open like the login: a token already ended (idle, expired, revoked) logs out without a 401.
    // A user's token is not the console's: 401 as at any console call, and it stays live.
    app.post(
      '/api/manage/admin/logout',
      {
        schema: {
          tags,
          summary: 'End the console session of the token sent',
          body: z.object({}).optional(),
          response: { 200: Ok },
        },
      },
      async (request) => {
        const token = bearerToken(request.headers.authorization);
        if (token) await service.logout(token);
        return { ok: true as const };
      },
    );

    await app.register(
      adminScope(service.adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();

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
          async (request) => service.levelChange(requireAdmin(request), request.body),
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
          async (request) => service.refresh(requireAdmin(request), request.body),
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
      }),
    );
  };
