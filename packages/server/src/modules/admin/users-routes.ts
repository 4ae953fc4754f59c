import {
  AdminUserActiveRequest,
  AdminUserDeleteResponse,
  AdminUserEditRequest,
  AdminUserIdRequest,
  AdminUserPasswordRequest,
  AdminUserResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope, requireAdmin, type AdminOfToken } from '../../http/admin-guard.js';
import type { AdminUsersService } from './users-service.js';

const tags = ['admin'];

/** `/api/manage/user/{edit,active,delete,password}`: behind the admin guard, each change audited. */
export const adminUserRoutes =
  (adminOfToken: AdminOfToken, service: AdminUsersService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      adminScope(adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        guarded.post(
          '/api/manage/user/edit',
          {
            schema: {
              tags,
              summary: "Change a user's username, e-mail or roles (audited)",
              body: AdminUserEditRequest,
              response: { 200: AdminUserResponse },
            },
          },
          async (request) => service.edit(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/user/active',
          {
            schema: {
              tags,
              summary: 'Enable or disable an account; disabling ends its sessions at once (audited)',
              body: AdminUserActiveRequest,
              response: { 200: AdminUserResponse },
            },
          },
          async (request) => service.active(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/user/delete',
          {
            schema: {
              tags,
              summary: 'Anonymise an account and delete its private uploads (audited)',
              body: AdminUserIdRequest,
              response: { 200: AdminUserDeleteResponse },
            },
          },
          async (request) => service.remove(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/user/password',
          {
            schema: {
              tags,
              summary: "Set a user's password; their sessions end (audited)",
              body: AdminUserPasswordRequest,
              response: { 200: AdminUserResponse },
            },
          },
          async (request) => service.password(requireAdmin(request), request.body),
        );
      }),
    );
  };
