import type { ReingestStartRequest } from '@rl/contract';
import { adminGet, adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/**
 * The console's dashboard calls (`/api/manage/dashboard/*`, `/api/manage/reingest/*`),
 * typed by the contract.
 */
export const dashboardApi = {
  status: (options?: AdminCallOptions) =>
    adminGet('/api/manage/dashboard/status', (c) => c.DashboardStatusResponse, options),

  /** Reads the library again in the background (corrections kept); its progress is on the dashboard. */
  startReingest: (request: ReingestStartRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/reingest/start', request, (c) => c.ReingestStartResponse, options),
};

/** Query keys of the dashboard. */
export const dashboardKeys = {
  status: [...adminKeys.all, 'dashboard'] as const,
};
