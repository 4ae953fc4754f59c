import type {
  AdminFileDownloadHistoryRequest,
  AdminFileEditRequest,
  AdminFileListRequest,
} from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's file calls (`/api/manage/file/*`), typed by the contract; the upload is in upload-api.ts. */
export const adminFilesApi = {
  list: (request: AdminFileListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/file/list', request, (c) => c.AdminFileListResponse, options),

  details: (fileId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/file/details', { file_id: fileId }, (c) => c.AdminFileResponse, options),

  edit: (request: AdminFileEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/file/edit', request, (c) => c.AdminFileResponse, options),

  remove: (fileId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/file/delete', { file_id: fileId }, (c) => c.AdminFileDeleteResponse, options),

  /** A signed link to the file's bytes, valid a few minutes. */
  download: (fileId: string, options?: AdminCallOptions) =>
    adminPost('/api/manage/file/download', { file_id: fileId }, (c) => c.AdminFileDownloadResponse, options),

  downloadHistory: (request: AdminFileDownloadHistoryRequest, options?: AdminCallOptions) =>
    adminPost(
      '/api/manage/file/download_history',
      request,
      (c) => c.AdminFileDownloadHistoryResponse,
      options,
    ),
};

const all = [...adminKeys.all, 'files'] as const;

/** Query keys of the console's files; every page, detail, pick and history sits under `all`. */
export const adminFileKeys = {
  all,
  /** Every page of the files table. */
  lists: [...all, 'list'] as const,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...all, 'list', request] as const,
  details: (fileId: string) => [...all, 'details', fileId] as const,
  /** The files offered for a keyword by the DMCA form's file picker. */
  pick: (keyword: string) => [...all, 'pick', keyword] as const,
  /** Every page of one file's download history. */
  downloadHistories: (fileId: string) => [...all, 'history', fileId] as const,
  downloadHistory: (fileId: string, request: object) => [...all, 'history', fileId, request] as const,
};
