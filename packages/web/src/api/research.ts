import type { FacetsRequest } from '@rl/contract';
import { postApi, type CallOptions } from './http-client';

/** The research calls of the search page (facet counts, company type-ahead), typed by the contract. */
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
};
