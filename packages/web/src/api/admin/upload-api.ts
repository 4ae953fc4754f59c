import type { AdminFileResponse } from '@rl/contract';
import { adminUploadHeaders } from '../admin-client';
import { ApiError } from '../api-error';
import { networkError, settleAnswer } from '../http-client';
import { useAdminSessionStore } from '../../stores/admin-session-store';

export const ADMIN_UPLOAD_PATH = '/api/manage/file/upload';

export interface AdminUploadOptions {
  /** Bytes of the request body sent so far, and its total. */
  onProgress?(sent: number, total: number): void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

/**
 * Sends a PDF into the public library (multipart: `file` and `file_name`) with XMLHttpRequest,
 * which reports upload progress. Failures reject with an `ApiError` for the dialog to show; a
 * 401 also ends the admin session, as every other console call does.
 */
export function uploadAdminFile(file: File, fileName: string, options: AdminUploadOptions = {}) {
  const { onProgress, signal } = options;
  return new Promise<AdminFileResponse>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    const failed = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) useAdminSessionStore.getState().clearSession();
      reject(error);
    };
    xhr.open('POST', ADMIN_UPLOAD_PATH);
    adminUploadHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    xhr.onload = () => {
      done();
      const answer = { status: xhr.status, text: xhr.responseText, country: null };
      settleAnswer(ADMIN_UPLOAD_PATH, answer, (c) => c.AdminFileResponse, { catalogue: false }).then(
        resolve,
        failed,
      );
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      failed(networkError());
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', abort);
    const form = new FormData();
    form.append('file_name', fileName);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
