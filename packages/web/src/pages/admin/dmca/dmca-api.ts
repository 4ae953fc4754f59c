import type { CounterNoticeActionRequest, DmcaEditRequest, DmcaListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../../../api/admin-client';

/** The console's DMCA calls (`/api/manage/dmca/*`), typed by the contract. */
export const dmcaApi = {
  list: (request: DmcaListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/dmca/list', request, (c) => c.DmcaListResponse, options),

  edit: (request: DmcaEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/dmca/edit', request, (c) => c.DmcaEditResponse, options),

  /** Forwards, restores or rejects a counter-notice (the complaint's status moves with it). */
  counterNotice: (request: CounterNoticeActionRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/dmca/counter_notice', request, (c) => c.CounterNoticeActionResponse, options),
};

export const dmcaKeys = {
  all: ['admin', 'dmca'] as const,
  list: (request: DmcaListRequest) => [...dmcaKeys.all, 'list', request] as const,
};
