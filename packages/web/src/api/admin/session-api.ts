/**
 * The console's session: its login call and the root of every query key the console uses
 * (`adminKeys.all`), which a logout or an ended session drops whole. Each area of the console has
 * its calls and its key factory beside this file (`<area>-api.ts`), every answer checked against
 * the contract; its keys sit under `adminKeys.all`, a table's pages under its `lists`.
 */
import type { AdminLoginRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';

export const adminSessionApi = {
  login: (request: AdminLoginRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/admin/login', request, (c) => c.AdminLoginResponse, options),
};

/** Query keys of the console: everything it caches sits under `all`. */
export const adminKeys = {
  all: ['admin'] as const,
};
