import { ConsumptionRequest, ConsumptionResponse, QuotaResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { QuotaService } from './service.js';

/** What remains of each quota, and recording a use. Anonymous visitors get theirs too. */
export const quotaRoutes =
  (quota: QuotaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/quota',
      {
        schema: {
          tags: ['users'],
          summary: 'Remaining uses per quota key (-1 unlimited)',
          body: z.object({}).optional(),
          response: { 200: QuotaResponse },
        },
      },
      async (request) => quota.remaining(request.viewer),
    );
    app.post(
      '/api/user/consumption',
      {
        schema: {
          tags: ['users'],
          summary: 'Record one use; 403 quota_exceeded when spent',
          body: ConsumptionRequest,
          response: { 200: ConsumptionResponse },
        },
      },
      async (request) => quota.recordUse(request.viewer, request.body.type, request.body.file_id),
    );
  };
