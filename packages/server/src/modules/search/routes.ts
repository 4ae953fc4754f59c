import { FacetsRequest, SearchFacets, SearchRequest, SearchResponse } from '@rl/contract';
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
          summary:
            "Search the library and the caller's own private uploads (a keyword or filter counts against the search quota; a later page of a search counted within the hour is free)",
          body: SearchRequest,
          response: { 200: SearchResponse },
        },
      },
      async (request) => service.searchAs(request.body, request.viewer),
    );

    app.post(
      '/api/file/facets',
      {
        schema: {
          tags: ['files'],
          summary:
            "A search's library matches counted per rating, rating action, report type and sector, each with the other filters applied",
          body: FacetsRequest,
          response: { 200: SearchFacets },
        },
      },
      async (request) => service.facets(request.body),
    );
  };
