import { uploadsApi } from '../../../api/uploads-api';
import { readStorage, writeStorage } from '../../../config/storage-keys';
import type { ResumeStore, UploadTransport } from './chunked-upload';

/**
 * The upload calls over HTTP. The catalogue stays out of them: retries must not toast, and the
 * page reports the final failure once (see report-failure.ts).
 */
const quiet = { catalogue: false } as const;

export const httpTransport: UploadTransport = {
  whole: (file, onProgress, signal) => uploadsApi.uploadWhole(file, { ...quiet, onProgress, signal }),
  init: (fileName, sizeBytes, signal) =>
    uploadsApi.init({ file_name: fileName, size_bytes: sizeBytes }, { ...quiet, signal }),
  status: (uploadId, signal) => uploadsApi.status(uploadId, { ...quiet, signal }),
  putChunk: (uploadId, offset, chunk, onProgress, signal) =>
    uploadsApi.putChunk(uploadId, offset, chunk, { ...quiet, onProgress, signal }),
  complete: (uploadId, signal) => uploadsApi.complete(uploadId, { ...quiet, signal }),
  cancel: (uploadId) => uploadsApi.cancel(uploadId, quiet),
};

/** Unfinished uploads are remembered in local storage, so a reload can resume them. */
export const localResumeStore: ResumeStore = {
  get: (key) => readStorage(key),
  set: (key, uploadId) => writeStorage(key, uploadId),
  remove: (key) => writeStorage(key, null),
};
