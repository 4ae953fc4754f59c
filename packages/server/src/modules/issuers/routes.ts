import { IssuerRequest, IssuerResponse, TagSearchRequest, TagSearchResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IssuersService } from './service.js';

export const issuerRoutes =
  (service: IssuersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/issuer',
      {
        schema: {
          tags: ['files'],
          summary: 'Issuers: all, starred by the caller, popular; input_content filters by name',
          body: IssuerRequest.default({}),
          response: { 200: IssuerResponse },
        },
      },
      async (request) => service.issuers(request.viewer, request.body.input_content || undefined),
    );

    app.post(
      '/api/file/tag/search',
      {
        schema: {
          tags: ['files'],
          summary: 'Tag suggestions for a prefix',
          body: TagSearchRequest.default({ prefix: '', limit: 20 }),
          response: { 200: TagSearchResponse },
        },
      },
      async (request) => service.tags(request.body.prefix, request.body.limit),
    );
  };
