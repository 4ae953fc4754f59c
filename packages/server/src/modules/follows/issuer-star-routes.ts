import { IssuerStarRequest, IssuerStarResponse, IssuerStarsResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FollowsService } from './service.js';

/**
 * The issuer lists' star, as the wire has it (SPEC.md section 7): an issuer's star is a follow of
 * the issuer, so these answer from follows. Login required (401 otherwise).
 */
export const issuerStarRoutes =
  (follows: FollowsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/issuer_star',
      {
        schema: {
          tags: ['library'],
          summary:
            'Star (follow) or unstar an issuer by name (idempotent; login required; the plan’s follow limit)',
          body: IssuerStarRequest,
          response: { 200: IssuerStarResponse },
        },
      },
      async (request) => follows.starIssuer(request.viewer, request.body.issuer, request.body.active_star),
    );
    app.post(
      '/api/file/get_issuer_stars',
      {
        schema: {
          tags: ['library'],
          summary: 'The issuers I follow, with their readable file counts (login required)',
          body: z.object({}).optional(),
          response: { 200: IssuerStarsResponse },
        },
      },
      async (request) => follows.starredIssuers(request.viewer),
    );
  };
