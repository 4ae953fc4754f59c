import type { AdminDigestListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's view of follows and e-mail digests (`/api/manage/digest/list`, `/api/manage/user/follows`). */
export const adminDigestsApi = {
  list: (request: AdminDigestListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/digest/list', request, (c) => c.AdminDigestListResponse, options),
  userFollows: (userId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/follows', { user_id: userId }, (c) => c.AdminUserFollowsResponse, options),
};

const all = [...adminKeys.all, 'digests'] as const;

/** Query keys of the console's digests; everything sits under `all`. */
export const adminDigestKeys = {
  all,
  /** Every page of the digests table. */
  lists: [...all, 'list'] as const,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...all, 'list', request] as const,
  /** The count of digests that failed for good, above the table. */
  failed: [...all, 'failed'] as const,
  /** One user's follows and last digest. */
  userFollows: (userId: string) => [...all, 'user', userId] as const,
};
