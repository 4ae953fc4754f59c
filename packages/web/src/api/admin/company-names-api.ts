import type { CompanyNamesListRequest, CompanyNamesSaveRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's names of companies (`/api/manage/company/*`), typed by the contract. */
export const companyNamesApi = {
  list: (request: CompanyNamesListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/company/list', request, (c) => c.CompanyNamesListResponse, options),

  /** Sets every name of a company in both languages; a name left out is taken away. */
  save: (request: CompanyNamesSaveRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/company/save', request, (c) => c.CompanyNamesRecord, options),
};

export const companyNamesKeys = {
  all: [...adminKeys.all, 'company-names'] as const,
  list: (keyword: string) => [...adminKeys.all, 'company-names', keyword] as const,
};
