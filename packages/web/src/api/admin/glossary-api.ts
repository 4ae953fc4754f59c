import type {
  GlossaryIdRequest,
  GlossaryImportRequest,
  GlossaryListRequest,
  GlossarySaveRequest,
} from '@rl/contract';
import { string } from 'zod';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's glossary calls (`/api/manage/glossary/*`), typed by the contract. */
export const glossaryApi = {
  list: (request: GlossaryListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/glossary/list', request, (c) => c.GlossaryListResponse, options),

  /** Adds a term (no id) or changes one. */
  save: (request: GlossarySaveRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/glossary/save', request, (c) => c.GlossaryTermResponse, options),

  remove: (request: GlossaryIdRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/glossary/delete', request, (c) => c.GlossaryDeleteResponse, options),

  restore: (request: GlossaryIdRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/glossary/restore', request, (c) => c.GlossaryTermResponse, options),

  importCsv: (request: GlossaryImportRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/glossary/import', request, (c) => c.GlossaryImportResponse, options),

  /** The terms in use as CSV text: the answer is no JSON, so it is checked as a plain string. */
  exportCsv: (options?: AdminCallOptions) =>
    adminPost('/api/manage/glossary/export', {}, () => string(), options),
};

const all = [...adminKeys.all, 'glossary'] as const;

/** Query keys of the console's glossary; everything sits under `all`. */
export const glossaryKeys = {
  all,
  /** Every page of the terms table. */
  lists: [...all, 'list'] as const,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...all, 'list', request] as const,
};
