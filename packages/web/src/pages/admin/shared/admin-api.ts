/**
 * The console's calls of login, users, dashboard and audit log (`/api/manage/*`), each answer
 * checked against the contract. Query keys: `adminKeys.*`; a table's key is its prefix plus the request.
 */
import type {
  AdminDownloadHistoryRequest,
  AdminLevelChangeRequest,
  AdminLoginRequest,
  AdminUserActiveRequest,
  AdminUserEditRequest,
  AdminUserListRequest,
  AdminUserPasswordRequest,
  AuditListRequest,
  ReingestStartRequest,
} from '@rl/contract';
import { adminGet, adminPost, type AdminCallOptions } from '../../../api/admin-client';

export const adminApi = {
  login: (request: AdminLoginRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/admin/login', request, (c) => c.AdminLoginResponse, options),

  dashboard: (options?: AdminCallOptions) =>
    adminGet('/api/manage/dashboard/status', (c) => c.DashboardStatusResponse, options),
  /** Reads the library again in the background (corrections kept); its progress is on the dashboard. */
  startReingest: (request: ReingestStartRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/reingest/start', request, (c) => c.ReingestStartResponse, options),

  users: (request: AdminUserListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/list', request, (c) => c.AdminUserListResponse, options),
  editUser: (request: AdminUserEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/edit', request, (c) => c.AdminUserResponse, options),
  setUserActive: (request: AdminUserActiveRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/active', request, (c) => c.AdminUserResponse, options),
  deleteUser: (userId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/delete', { user_id: userId }, (c) => c.AdminUserDeleteResponse, options),
  changeLevel: (request: AdminLevelChangeRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/level_change', request, (c) => c.AdminUserResponse, options),
  setPassword: (request: AdminUserPasswordRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/password', request, (c) => c.AdminUserResponse, options),
  refreshQuota: (userId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/refresh', { user_id: userId }, (c) => c.AdminRefreshResponse, options),
  downloadHistory: (request: AdminDownloadHistoryRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/user/download_history', request, (c) => c.AdminDownloadHistoryResponse, options),

  audit: (request: AuditListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/audit/list', request, (c) => c.AuditListResponse, options),
};

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: ['admin', 'users'] as const,
  downloadHistory: (userId: string) => ['admin', 'users', 'download-history', userId] as const,
  audit: ['admin', 'audit'] as const,
};
