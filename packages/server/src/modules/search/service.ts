import type { SearchRequest, SearchResponse, Sorting } from '@rl/contract';
import type { z } from 'zod';
import { presentListItem } from '../files/presenter.js';
import { parseQuery } from './fts-query.js';
import { snippetHtml } from './snippet.js';
import type { ListRow, SearchQuery, SearchRepo } from './repo.js';

type ParsedSearch = z.output<typeof SearchRequest>;

/**
 * Library search: the rules of SPEC.md section 4 (empty keyword sorts by date, else relevance).
 * A logged-in viewer's own ready private uploads join the results: by date they are merged into
 * the library's order; by relevance the viewer's matching uploads come first, then the library.
 */
export function createSearchService(repo: SearchRepo) {
  /** Relevance with private matches: positions [0, mine) are the viewer's, the library follows. */
  async function mineFirst(q: SearchQuery, ownerId: string): Promise<{ rows: ListRow[]; total: number }> {
    const mine = await repo.privateRanked(q, ownerId);
    const page = mine.slice(q.offset, q.offset + q.limit);
    const library = await repo.search({
      ...q,
      ownerId: null,
      offset: Math.max(0, q.offset - mine.length),
      limit: q.limit - page.length,
    });
    return { rows: [...(await repo.privateRows(page)), ...library.rows], total: mine.length + library.total };
  }

  return {
    /** `ownerId`: the logged-in viewer, whose private uploads may match; null for a visitor. */
    async search(req: ParsedSearch, ownerId: string | null = null): Promise<SearchResponse> {
      const parsed = parseQuery(req.keyword);
      const sorting: Sorting =
        parsed.terms.length === 0
          ? req.sorting === 'date_asc'
            ? 'date_asc'
            : 'date_desc'
          : (req.sorting ?? 'relevance');
      const query: SearchQuery = {
        parsed,
        titleOnly: req.title_only,
        filter: req.filter,
        sorting,
        limit: req.page_length,
        offset: (req.page_id - 1) * req.page_length,
      };
      // One indexed lookup; nothing more runs for a viewer without a ready private upload.
      const own = ownerId !== null && (await repo.hasPrivate(ownerId)) ? ownerId : null;
      const { rows, total } =
        own === null
          ? await repo.search(query)
          : sorting === 'relevance'
            ? await mineFirst(query, own)
            : await repo.search({ ...query, ownerId: own });
      return {
        file_list: rows.map((r) => ({
          ...presentListItem(r, r.body ? snippetHtml(r.body, parsed) : ''),
          ...(r.mine ? { mine: true } : {}),
        })),
        total_items: total,
        page_id: req.page_id,
        page_length: req.page_length,
        sorting,
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
