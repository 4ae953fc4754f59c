import type {
  CounterNoticeSubmitRequest,
  MyFileEditRequest,
  MyFilesRequest,
  UploadInitRequest,
} from '@rl/contract';
import {
  failCall,
  networkError,
  postApi,
  requestHeaders,
  settleAnswer,
  type CallOptions,
  type SchemaPick,
} from './http-client';

/** Bytes sent so far of one request body. */
export type SendProgress = (sentBytes: number) => void;

export interface SendOptions extends CallOptions {
  onProgress?: SendProgress;
}

interface XhrRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: XMLHttpRequestBodyInit;
  contentType?: string;
}

/**
 * Sends a request body with XMLHttpRequest, which (unlike fetch) reports upload progress. The
 * headers, the answer check and the error catalogue are the same as every other call's.
 */
function sendWithProgress<T>(request: XhrRequest, schema: SchemaPick<T>, options: SendOptions): Promise<T> {
  const { signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open(request.method, request.path);
    requestHeaders(options).forEach((value, name) => xhr.setRequestHeader(name, value));
    if (request.contentType) xhr.setRequestHeader('Content-Type', request.contentType);
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      done();
      const answer = {
        status: xhr.status,
        text: xhr.responseText,
        country: xhr.getResponseHeader('x-country-code'),
      };
      settleAnswer(request.path, answer, schema, options).then(resolve, reject);
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      try {
        failCall(networkError(), options);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort);
    xhr.send(request.body);
  });
}

/** Uploads and my files (issue 5), typed by the contract. */
export const uploadsApi = {
  myFiles: (request: MyFilesRequest, options?: CallOptions) =>
    postApi('/api/file/myfiles', request, (c) => c.MyFilesResponse, options),

  remove: (fileId: string, options?: CallOptions) =>
    postApi('/api/file/myfiles/delete', { file_id: fileId }, (c) => c.MyFileDeleteResponse, options),

  publish: (fileId: string, publish: boolean, options?: CallOptions) =>
    postApi('/api/file/myfiles/publish', { file_id: fileId, publish }, (c) => c.PublishResponse, options),

  /** Corrects the title or publish date of one of my uploads (the fields given change). */
  edit: (request: MyFileEditRequest, options?: CallOptions) =>
    postApi('/api/file/myfiles/edit', request, (c) => c.MyFileEditResponse, options),

  /** A counter-notice against the accepted complaint that keeps one of my uploads down. */
  counterNotice: (request: CounterNoticeSubmitRequest, options?: CallOptions) =>
    postApi('/api/file/myfiles/counter_notice', request, (c) => c.CounterNoticeSubmitResponse, options),

  /** A whole file in one multipart request (field `file`), with progress. */
  uploadWhole: (file: File, options: SendOptions = {}) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return sendWithProgress(
      { method: 'POST', path: '/api/file/user_upload', body: form },
      (c) => c.UploadResponse,
      options,
    );
  },

  /** Starts a chunked, resumable upload. */
  init: (request: UploadInitRequest, options?: CallOptions) =>
    postApi('/api/file/user_upload/init', request, (c) => c.UploadSession, options),

  /** One chunk at `offset`, as raw bytes; 409 when the offset is not where the server is. */
  putChunk: (uploadId: string, offset: number, chunk: Blob, options: SendOptions = {}) => {
    const query = new URLSearchParams({ upload_id: uploadId, offset: String(offset) });
    return sendWithProgress(
      {
        method: 'PUT',
        path: `/api/file/user_upload/chunk?${query.toString()}`,
        body: chunk,
        contentType: 'application/octet-stream',
      },
      (c) => c.UploadSession,
      options,
    );
  },

  status: (uploadId: string, options?: CallOptions) =>
    postApi('/api/file/user_upload/status', { upload_id: uploadId }, (c) => c.UploadSession, options),

  complete: (uploadId: string, options?: CallOptions) =>
    postApi('/api/file/user_upload/complete', { upload_id: uploadId }, (c) => c.UploadResponse, options),

  cancel: (uploadId: string, options?: CallOptions) =>
    postApi('/api/file/user_upload/cancel', { upload_id: uploadId }, (c) => c.Ok, options),
};

/** Query keys of my uploads. */
export const uploadKeys = {
  /** Every page of my files: invalidating it asks them all again. */
  myFiles: ['uploads', 'myfiles'] as const,
  myFilesPage: (pageId: number) => ['uploads', 'myfiles', pageId] as const,
};
