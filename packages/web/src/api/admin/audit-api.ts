import type { AuditListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's audit log call (`/api/manage/audit/*`), typed by the contract. */
export const auditApi = {
  list: (request: AuditListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/audit/list', request, (c) => c.AuditListResponse, options),
};

const lists = [...adminKeys.all, 'audit'] as const;

/** Query keys of the audit log. */
export const auditKeys = {
  /** Every page of the audit table. */
  lists,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...lists, request] as const,
};
