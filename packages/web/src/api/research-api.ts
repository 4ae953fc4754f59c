import type { FacetsRequest } from '@rl/contract';
import { postApi, type CallOptions } from './http-client';

/**
 * The research calls of the search page (facet counts, company and tag type-ahead),
 * typed by the contract.
 */
export const researchApi = {
  /** Counts per rating, action, report type and sector of a search (its own filter of each ignored); no quota. */
  facets: (request: FacetsRequest, options?: CallOptions) =>
    postApi('/api/file/facets', request, (c) => c.SearchFacets, options),

  /** Companies by ticker (any printed form) or a part of a Chinese or English name. */
  companies: (inputContent: string, limit = 10, options?: CallOptions) =>
    postApi(
      '/api/company/search',
      { input_content: inputContent.trim(), limit },
      (c) => c.CompanySearchResponse,
      options,
    ),

  /** Tags starting with a prefix, with how many files carry each. */
  tags: (prefix: string, limit = 20, options?: CallOptions) =>
    postApi('/api/file/tag/search', { prefix: prefix.trim(), limit }, (c) => c.TagSearchResponse, options),
};

/** Query keys of the research calls. */
export const researchKeys = {
  /** The facet counts of a search, by its request as JSON text (the filters debounce it as text). */
  facets: (requestText: string) => ['search-facets', requestText] as const,
  /** The companies offered for what was typed. */
  companies: (input: string) => ['company-search', input] as const,
  /** The tags offered for a prefix. */
  tags: (prefix: string) => ['tags', prefix] as const,
};
