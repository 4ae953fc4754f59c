import { SearchRequest, SearchResponse, type SearchFilter } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QuotaService } from '../quota/service.js';
import type { SearchService } from './service.js';

/**
 * A search counts against the search quota when the visitor actually searches: a keyword or a
 * filter, on the first page. The landing list (no keyword, no filter) and later pages are free.
 */
export function isCountedSearch(req: { keyword: string; page_id: number; filter: SearchFilter }): boolean {
  if (req.page_id !== 1) return false;
  if (req.keyword.trim() !== '') return true;
  return Object.values(req.filter).some((v) =>
    Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' : v !== undefined,
  );
}

export const searchRoutes =
  (service: SearchService, quota: QuotaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/search',
      {
        schema: {
          tags: ['files'],
          summary:
            "Search the library and the caller's own private uploads (a keyword or filter on page 1 counts against the search quota)",
          body: SearchRequest,
          response: { 200: SearchResponse },
        },
      },
      async (request) => {
        if (isCountedSearch(request.body)) await quota.consume(request.viewer, 'search');
        return service.search(request.body, request.viewer.user?.id ?? null);
      },
    );
  };
