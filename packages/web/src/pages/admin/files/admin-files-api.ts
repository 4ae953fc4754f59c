import type {
  AdminFileDownloadHistoryRequest,
  AdminFileEditRequest,
  AdminFileListRequest,
} from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../../../api/admin-client';

/** The console's file calls (`/api/manage/file/*`), typed by the contract. */
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

/** Query keys of the console's files; every page, detail and history sits under `all`. */
export const adminFileKeys = {
  all: ['admin', 'files'] as const,
  list: (request: AdminFileListRequest) => [...adminFileKeys.all, 'list', request] as const,
  details: (fileId: string) => [...adminFileKeys.all, 'details', fileId] as const,
  history: (fileId: string, page: number) => [...adminFileKeys.all, 'history', fileId, page] as const,
};
