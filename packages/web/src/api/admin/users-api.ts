import type {
  AdminDownloadHistoryRequest,
  AdminLevelChangeRequest,
  AdminUserActiveRequest,
  AdminUserEditRequest,
  AdminUserListRequest,
  AdminUserPasswordRequest,
} from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's user calls (`/api/manage/user/*`), typed by the contract. */
export const adminUsersApi = {
  list: (request: AdminUserListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/list', request, (c) => c.AdminUserListResponse, options),
  edit: (request: AdminUserEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/edit', request, (c) => c.AdminUserResponse, options),
  setActive: (request: AdminUserActiveRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/active', request, (c) => c.AdminUserResponse, options),
  remove: (userId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/delete', { user_id: userId }, (c) => c.AdminUserDeleteResponse, options),
  changeLevel: (request: AdminLevelChangeRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/level_change', request, (c) => c.AdminUserResponse, options),
  setPassword: (request: AdminUserPasswordRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/password', request, (c) => c.AdminUserResponse, options),
  refreshQuota: (userId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/refresh', { user_id: userId }, (c) => c.AdminRefreshResponse, options),
  downloadHistory: (request: AdminDownloadHistoryRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/download_history', request, (c) => c.AdminDownloadHistoryResponse, options),
};

const users = [...adminKeys.all, 'users'] as const;

/**
 * Query keys of the console's users. The table's pages sit right under the users' prefix, so
 * refreshing the table also asks an open download history again.
 */
export const adminUserKeys = {
  /** Every page of the users table (and each user's download history under it). */
  lists: users,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...users, request] as const,
  /** Every page of one user's download history. */
  downloadHistories: (userId: string) => [...users, 'download-history', userId] as const,
  downloadHistory: (userId: string, request: object) =>
    [...users, 'download-history', userId, request] as const,
};
