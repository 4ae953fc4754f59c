import type { SearchFilter, Sorting } from '@rl/contract';
import type { ParsedQuery } from './fts-query.js';

export interface SearchQuery {
  parsed: ParsedQuery;
  titleOnly: boolean;
  filter: SearchFilter;
  sorting: Sorting;
  limit: number;
  offset: number;
  /**
   * A viewer with ready private uploads: with date sorting (and the landing list) their matches
   * are merged into the page by date. With relevance the service puts them first.
   */
  ownerId?: string | null;
}

/** A search under way: its query and the search generation it reads the library at. */
export type Run = SearchQuery & { generation: string };
