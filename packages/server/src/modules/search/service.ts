import type { SearchRequest, SearchResponse, Sorting } from '@rl/contract';
import type { z } from 'zod';
import { presentListItem } from '../files/presenter.js';
import { parseQuery } from './fts-query.js';
import { snippetHtml } from './snippet.js';
import type { SearchRepo } from './repo.js';

type ParsedSearch = z.output<typeof SearchRequest>;

/** Library search: the rules of SPEC.md section 4 (empty keyword sorts by date, else relevance). */
export function createSearchService(repo: SearchRepo) {
  return {
    async search(req: ParsedSearch): Promise<SearchResponse> {
      const query = parseQuery(req.keyword);
      const sorting: Sorting =
        query.terms.length === 0
          ? req.sorting === 'date_asc'
            ? 'date_asc'
            : 'date_desc'
          : (req.sorting ?? 'relevance');
      const { rows, total } = await repo.search({
        parsed: query,
        titleOnly: req.title_only,
        filter: req.filter,
        sorting,
        limit: req.page_length,
        offset: (req.page_id - 1) * req.page_length,
      });
      return {
        file_list: rows.map((r) => presentListItem(r, r.body ? snippetHtml(r.body, query) : '')),
        total_items: total,
        page_id: req.page_id,
        page_length: req.page_length,
        sorting,
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
