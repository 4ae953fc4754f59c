import { IssuerRequest, IssuerResponse, TagSearchRequest, TagSearchResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IssuersRepo } from './repo.js';

const ALL_LIMIT = 500;
const POPULAR_LIMIT = 10;

export const issuerRoutes =
  (repo: IssuersRepo): FastifyPluginAsyncZod =>
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
      async (request) => {
        const contains = request.body.input_content || undefined;
        const [all, popular] = await Promise.all([
          repo.issuers({ contains, orderBy: 'name', limit: ALL_LIMIT }),
          repo.issuers({ contains, orderBy: 'popularity', limit: POPULAR_LIMIT }),
        ]);
        // Issuer stars belong to accounts: an anonymous caller has none.
        return { all, star: [], popular };
      },
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
      async (request) => ({ tags: await repo.tags(request.body.prefix, request.body.limit) }),
    );
  };
