import { HealthResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './service.js';

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: database reachability, library and job counts',
          description:
            'Answers 503 (same body, `database: "error"`) while the database cannot be reached, so a load balancer takes the instance out of rotation until it is back.',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (_request, reply) => {
        const { serving, body } = await health.check();
        return reply
          .status(serving ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );
  };
