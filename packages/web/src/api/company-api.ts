import type { SearchRequest } from '@rl/contract';
import { SEARCH_PAGE_SIZE } from '@rl/contract/constants';
import { postApi, type CallOptions } from './http-client';

/** The calls about one company (the page of a company), typed by the contract. */
export const companyApi = {
  /** The company with its brokers' latest views, every dated view and the rating counts; 404 when no note covers it. */
  detail: (ticker: string, options?: CallOptions) =>
    postApi('/api/company/detail', { ticker }, (c) => c.CompanyDetailResponse, options),

  /** The company by any of its names (`腾讯`, `Tencent Holdings`); 404 when no note covers it. */
  detailByName: (name: string, options?: CallOptions) =>
    postApi('/api/company/detail', { name }, (c) => c.CompanyDetailResponse, options),

  /** A page of the notes on the company, in both languages, newest first (walls and locks as in any search). */
  reports: (ticker: string, pageId: number, options?: CallOptions) =>
    postApi('/api/file/search', companyReportsRequest(ticker, pageId), (c) => c.SearchResponse, options),
};

export function companyReportsRequest(ticker: string, pageId: number): SearchRequest {
  return {
    keyword: '',
    filter: { ticker },
    page_id: pageId,
    page_length: SEARCH_PAGE_SIZE,
    sorting: 'date_desc',
  };
}

/** Query keys of the company calls. */
export const companyKeys = {
  detail: (ticker: string) => ['company-detail', ticker] as const,
  reports: (ticker: string) => ['company-reports', ticker] as const,
};
