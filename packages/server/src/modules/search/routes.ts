import { SearchRequest, SearchResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './service.js';

export const searchRoutes =
  (service: SearchService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/search',
      {
        schema: {
          tags: ['files'],
          summary: 'Search the library',
          body: SearchRequest,
          response: { 200: SearchResponse },
        },
      },
      async (request) => service.search(request.body),
    );
  };
