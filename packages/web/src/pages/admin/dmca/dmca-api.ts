import type { DmcaEditRequest, DmcaListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../../../api/admin-client';

/** The console's DMCA calls (`/api/manage/dmca/*`), typed by the contract. */
export const dmcaApi = {
  list: (request: DmcaListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/dmca/list', request, (c) => c.DmcaListResponse, options),

  edit: (request: DmcaEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/dmca/edit', request, (c) => c.DmcaEditResponse, options),
};

export const dmcaKeys = {
  all: ['admin', 'dmca'] as const,
  list: (request: DmcaListRequest) => [...dmcaKeys.all, 'list', request] as const,
};
