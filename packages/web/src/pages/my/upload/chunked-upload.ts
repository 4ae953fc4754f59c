import type { UploadResponse, UploadSession } from '@rl/contract';
import { UPLOAD_CHUNKED_ABOVE } from '@rl/contract/constants';
import { isAbortError, isApiError } from '../../../api/api-error';

/** Bytes of the current request body sent so far. */
export type SentBytes = (sent: number) => void;

/** The calls an upload makes; the page passes the HTTP ones, tests a fake. */
export interface UploadTransport {
  /** One multipart request with the whole file. */
  whole(file: File, onSent: SentBytes, signal: AbortSignal): Promise<UploadResponse>;
  init(fileName: string, sizeBytes: number, signal: AbortSignal): Promise<UploadSession>;
  status(uploadId: string, signal: AbortSignal): Promise<UploadSession>;
  putChunk(
    uploadId: string,
    offset: number,
    chunk: Blob,
    onSent: SentBytes,
    signal: AbortSignal,
  ): Promise<UploadSession>;
  complete(uploadId: string, signal: AbortSignal): Promise<UploadResponse>;
  cancel(uploadId: string): Promise<unknown>;
}

/** Where unfinished uploads are remembered across page loads (local storage in the app). */
export interface ResumeStore {
  get(key: string): string | null;
  set(key: string, uploadId: string): void;
  remove(key: string): void;
}

export interface RetryPolicy {
  /** Failures in a row (without progress) tolerated before the upload gives up. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 1_000, maxDelayMs: 30_000 };

export interface UploadDeps {
  transport: UploadTransport;
  store: ResumeStore;
  retry?: RetryPolicy;
  /** Waits between retries; rejects when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onProgress?: (sent: number, total: number) => void;
}

export interface UploadHandle {
  result: Promise<UploadResponse>;
  /** Stops sending; choosing the same file later resumes a chunked upload where it stopped. */
  pause(): void;
  /** Stops sending, asks the server to drop the received part and forgets the upload. */
  cancel(): Promise<void>;
}

/** The file's identity for resuming: name, size and modification time. */
export function resumeKey(file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `upload-session:${file.name}|${file.size}|${file.lastModified}`;
}

/** Whether a file goes in chunks (larger than UPLOAD_CHUNKED_ABOVE) or in one request. */
export function isChunked(size: number): boolean {
  return size > UPLOAD_CHUNKED_ABOVE;
}

/** The delay before retry number `failures` (1-based): doubling from the base, capped. */
export function backoffDelay(failures: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - 1));
}

/** Failures that may pass on a later try: no answer at all, a server error, too many requests. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.status >= 500 || error.status === 429);
}

/** A 409 answers where the server is; null when the body does not say. */
function conflictOffset(error: unknown): number | null | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const received = (error.body as { received_bytes?: unknown } | null)?.received_bytes;
  return typeof received === 'number' && received >= 0 ? received : null;
}

function isSessionGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 410);
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends a file: small files in one request, larger ones in chunks of the session's chunk size,
 * sequentially. Network errors and 5xx are retried with back-off, resuming from what the server
 * reports it holds; a 409 resumes from the offset in its body. The upload ID is remembered under
 * the file's name, size and date, so choosing the same file after a reload resumes it.
 */
export function startUpload(file: File, deps: UploadDeps): UploadHandle {
  const controller = new AbortController();
  const key = resumeKey(file);
  let uploadId: string | null = null;
  const run = isChunked(file.size)
    ? sendChunked(file, key, deps, controller.signal, (id) => (uploadId = id))
    : deps.transport.whole(file, (sent) => deps.onProgress?.(sent, file.size), controller.signal);
  const result = run.then((answer) => {
    deps.onProgress?.(file.size, file.size);
    return answer;
  });
  const stop = () => controller.abort(new DOMException('The upload was stopped', 'AbortError'));
  return {
    result,
    pause: stop,
    cancel: async () => {
      stop();
      await result.catch(() => undefined);
      const id = uploadId ?? deps.store.get(key);
      deps.store.remove(key);
      if (id) await deps.transport.cancel(id).catch(() => undefined);
    },
  };
}

async function sendChunked(
  file: File,
  key: string,
  deps: UploadDeps,
  signal: AbortSignal,
  noteId: (id: string) => void,
): Promise<UploadResponse> {
  const { transport, store } = deps;
  const policy = deps.retry ?? DEFAULT_RETRY;
  const sleep = deps.sleep ?? abortableSleep;
  const report = (sent: number) => deps.onProgress?.(Math.min(sent, file.size), file.size);

  let session: UploadSession | null = null;
  let offset: number | null = null;
  let failures = 0;

  for (;;) {
    try {
      if (session === null) {
        session = await openSession(file, key, deps, signal);
        noteId(session.upload_id);
        offset = session.received_bytes;
        report(offset);
      }
      const id = session.upload_id;
      if (offset === null) offset = (await transport.status(id, signal)).received_bytes;
      if (offset >= file.size) {
        const answer = await transport.complete(id, signal);
        store.remove(key);
        return answer;
      }
      const start: number = offset;
      const chunk = file.slice(start, Math.min(start + session.chunk_size, file.size));
      const next = await transport.putChunk(id, start, chunk, (sent) => report(start + sent), signal);
      if (next.received_bytes > start) failures = 0;
      offset = next.received_bytes;
      report(offset);
    } catch (error) {
      if (signal.aborted) throw signal.reason as Error;
      if (isAbortError(error)) throw error;
      const conflict = conflictOffset(error);
      const transient = isTransient(error);
      if (conflict === undefined && !transient) {
        // The server refused the file (plan, size, content) or the session is gone: start over
        // next time. A lapsed login keeps it, to resume after logging in again.
        if (!isApiError(error) || error.status !== 401) store.remove(key);
        throw error;
      }
      failures += 1;
      if (failures > policy.attempts) throw error;
      if (transient) await sleep(backoffDelay(failures, policy), signal);
      offset = conflict ?? null;
      if (offset !== null) report(offset);
    }
  }
}

/** Resumes the remembered session of this file if the server still has it, else starts one. */
async function openSession(file: File, key: string, deps: UploadDeps, signal: AbortSignal) {
  const remembered = deps.store.get(key);
  if (remembered) {
    try {
      const session = await deps.transport.status(remembered, signal);
      if (session.size_bytes === file.size) return session;
    } catch (error) {
      if (!isSessionGone(error) && !(isApiError(error) && error.status === 400)) throw error;
    }
    deps.store.remove(key);
  }
  const session = await deps.transport.init(file.name, file.size, signal);
  deps.store.set(key, session.upload_id);
  return session;
}
