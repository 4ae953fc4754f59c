import { HealthResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLocalRequest, type TrustProxy } from '../../platform/trust-proxy.js';
import { adminOfRequest, type AdminOfToken } from '../../http/admin-guard.js';
import type { HealthService } from './service.js';

export const healthRoutes =
  (
    health: HealthService,
    operators: { adminOfToken: AdminOfToken; trustProxy: TrustProxy },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: database reachability; library and job counts for operators',
          description:
            'Anyone gets `status` and `llm_configured`. The other fields (version, database, files, jobs, reingest) ' +
            "come only with an administrator's bearer token or to a request from the server's own " +
            'machine (loopback, not relayed by a proxy). Answers 503 (`status: "degraded"`, and ' +
            '`database: "error"` in the details) while the database cannot be reached, so a load ' +
            'balancer takes the instance out of rotation until it is back.',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
        config: { staleTokenOk: true },
      },
      async (request, reply) => {
        const operator =
          isLocalRequest(request, operators.trustProxy) ||
          // A database that does not answer cannot check the token: the public answer then.
          (await adminOfRequest(operators.adminOfToken, request).catch(() => null)) !== null;
        const { serving, body } = operator ? await health.check() : await health.checkPublic();
        return reply
          .status(serving ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );
  };
