import { DashboardStatusResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope, type AdminOfToken } from '../../http/admin-guard.js';
import type { DashboardService } from './dashboard-service.js';

/** `GET /api/manage/dashboard/status` (behind the admin guard). */
export const dashboardRoutes =
  (service: DashboardService, adminOfToken: AdminOfToken): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      adminScope(adminOfToken, (scope) => {
        scope.withTypeProvider<ZodTypeProvider>().get(
          '/api/manage/dashboard/status',
          {
            schema: {
              tags: ['admin'],
              summary:
                'Dashboard: users, activity per day, files, jobs, storage, open complaints and messages',
              response: { 200: DashboardStatusResponse },
            },
          },
          async () => service.status(),
        );
      }),
    );
  };
