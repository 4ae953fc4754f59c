import {
  AdminDigestListRequest,
  AdminDigestListResponse,
  AdminUserFollowsResponse,
  AdminUserIdRequest,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope, type AdminOfToken } from '../../http/admin-guard.js';
import type { AdminDigestsService } from './digests-service.js';

const tags = ['admin'];

/** `/api/manage/user/follows` and `/api/manage/digest/list`, behind the admin guard (read only). */
export const adminDigestRoutes =
  (adminOfToken: AdminOfToken, service: AdminDigestsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      adminScope(adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        guarded.post(
          '/api/manage/user/follows',
          {
            schema: {
              tags,
              summary: "A user's follows, digest settings and last e-mail digest",
              body: AdminUserIdRequest,
              response: { 200: AdminUserFollowsResponse },
            },
          },
          async (request) => service.userFollows(request.body.user_id),
        );
        guarded.post(
          '/api/manage/digest/list',
          {
            schema: {
              tags,
              summary: 'E-mail digests, newest change first, by state (failed: the ones to look at) and user',
              body: AdminDigestListRequest,
              response: { 200: AdminDigestListResponse },
            },
          },
          async (request) => service.list(request.body),
        );
      }),
    );
  };
