import type { CounterNoticeActionRequest, DmcaEditRequest, DmcaListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

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

const all = [...adminKeys.all, 'dmca'] as const;

/** Query keys of the console's DMCA complaints; everything sits under `all`. */
export const dmcaKeys = {
  all,
  /** Every page of the complaints table. */
  lists: [...all, 'list'] as const,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...all, 'list', request] as const,
};
