import { ReingestStartRequest, ReingestStartResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReingestService } from './reingest-service.js';
import { adminScope, type AdminOfToken } from '../http/admin-guard.js';

/** `POST /api/manage/reingest/start` (behind the admin guard); the progress is on the dashboard and in /api/health. */
export const reingestRoutes =
  (service: ReingestService, adminOfToken: AdminOfToken): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      adminScope(adminOfToken, (scope) => {
        scope.withTypeProvider<ZodTypeProvider>().post(
          '/api/manage/reingest/start',
          {
            schema: {
              tags: ['admin'],
              summary:
                'Read the library again in the background (corrections kept): files an older reading read, or all',
              body: ReingestStartRequest,
              response: { 200: ReingestStartResponse },
            },
          },
          async (request) => service.start(request.body.all),
        );
      }),
    );
  };
