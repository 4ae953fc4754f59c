import { AltchaChallenge } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecurityCheck } from './service.js';

/**
 * `/api/pub/recapcha`: a fresh ALTCHA challenge for the public forms (no login). GET is what the
 * widget's `challenge` URL fetches; POST answers the same for clients that post everything.
 */
export const securityCheckRoutes =
  (check: SecurityCheck): FastifyPluginAsyncZod =>
  async (app) => {
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/api/pub/recapcha',
        config: { staleTokenOk: true },
        schema: {
          tags: ['security check'],
          summary: 'A signed ALTCHA v2 proof-of-work challenge (throttled per IP address)',
          response: { 200: AltchaChallenge },
        },
        handler: async (request, reply) => {
          void reply.header('Cache-Control', 'no-store');
          return check.issue(request.viewer.ip);
        },
      });
    }
  };
