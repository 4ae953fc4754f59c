import { MenuResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuFor } from './menu.js';

/** `/api/user/menu`: a visitor gets File only; users add My and Subscription; admins add Admin. */
export const menuRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/user/menu',
    {
      schema: {
        tags: ['users'],
        summary: 'The menu for the caller’s role',
        body: z.object({}).optional(),
        response: { 200: MenuResponse },
      },
    },
    async (request) => menuFor(request.viewer.user?.role ?? null),
  );
};
