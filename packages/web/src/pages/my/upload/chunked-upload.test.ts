import type { MyFile, UploadResponse, UploadSession } from '@rl/contract';
import { UPLOAD_CHUNKED_ABOVE } from '@rl/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import {
  backoffDelay,
  DEFAULT_RETRY,
  resumeKey,
  startUpload,
  type ResumeStore,
  type UploadTransport,
} from './chunked-upload';

const MiB = 1024 * 1024;
const CHUNK = MiB;

function pdf(size: number, name = 'big.pdf'): File {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
}

function answer(file: File): UploadResponse {
  const myFile: MyFile = {
    id: 'f1',
    file_name: file.name,
    title: '',
    issuer: '',
    status: 'processing',
    fail_reason: null,
    size_bytes: file.size,
    page_count: 0,
    publish_date: null,
    upload_time: '2025-03-14T08:00:00Z',
    updated_time: '2025-03-14T08:00:00Z',
    visibility: 'private',
    authors: [],
    report_type: 'other',
    tags: [],
    corrected_fields: [],
    stock_information: [],
    sector: null,
    takedown: null,
  };
  return { file: myFile, duplicate: false };
}

const network = () => new ApiError('network', 0, null, 'Network error');
const http = (status: number, body: Record<string, unknown> = {}) =>
  new ApiError('http', status, { error_msg: `HTTP ${status}`, ...body }, `HTTP ${status}`);

type Fault = Error | 'hang' | ((offset: number) => Error | null);

/** An in-memory server: it keeps what it received and fails the chunk calls as scripted. */
function fakeServer(file: File) {
  const sessions = new Map<string, number>();
  const putFaults: Fault[] = [];
  const calls: string[] = [];
  let nextId = 1;
  const session = (id: string): UploadSession => ({
    upload_id: id,
    file_name: file.name,
    size_bytes: file.size,
    chunk_size: CHUNK,
    received_bytes: sessions.get(id)!,
    expires_time: '2025-03-15T08:00:00Z',
  });
  const transport: UploadTransport = {
    whole: vi.fn(async (f: File, onSent) => {
      calls.push('whole');
      onSent(f.size / 2);
      return answer(f);
    }),
    init: vi.fn(async () => {
      const id = `up${nextId++}`;
      calls.push(`init ${id}`);
      sessions.set(id, 0);
      return session(id);
    }),
    status: vi.fn(async (id: string) => {
      calls.push(`status ${id}`);
      if (!sessions.has(id)) throw http(404);
      return session(id);
    }),
    putChunk: vi.fn(async (id: string, offset: number, chunk: Blob, onSent, signal: AbortSignal) => {
      calls.push(`put ${offset}`);
      const fault = putFaults.shift();
      if (fault === 'hang') {
        return new Promise<UploadSession>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        );
      }
      const error = typeof fault === 'function' ? fault(offset) : fault;
      if (error) throw error;
      const received = sessions.get(id)!;
      if (offset !== received) throw http(409, { code: 'conflict', received_bytes: received });
      onSent(chunk.size);
      sessions.set(id, received + chunk.size);
      return session(id);
    }),
    complete: vi.fn(async (id: string) => {
      calls.push(`complete ${id}`);
      expect(sessions.get(id)).toBe(file.size);
      sessions.delete(id);
      return answer(file);
    }),
    cancel: vi.fn(async (id: string) => {
      calls.push(`cancel ${id}`);
      sessions.delete(id);
    }),
  };
  return { transport, sessions, putFaults, calls };
}

function memoryStore(initial: Record<string, string> = {}): ResumeStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

function setup(size = 3 * CHUNK + 100) {
  const file = pdf(size);
  const server = fakeServer(file);
  const store = memoryStore();
  const delays: number[] = [];
  const progress: number[] = [];
  const deps = {
    transport: server.transport,
    store,
    sleep: async (ms: number) => void delays.push(ms),
    onProgress: (sent: number) => progress.push(sent),
  };
  return { file, server, store, delays, progress, deps };
}

describe('chunked upload', () => {
  it('sends a file up to the chunked threshold in one request', async () => {
    const { server, store, progress } = setup();
    const small = pdf(UPLOAD_CHUNKED_ABOVE, 'small.pdf');
    const result = await startUpload(small, {
      transport: server.transport,
      store,
      onProgress: (s) => progress.push(s),
    }).result;
    expect(result.file.file_name).toBe('small.pdf');
    expect(server.calls).toEqual(['whole']);
    expect(progress).toEqual([small.size / 2, small.size]);
  });

  it('sends larger files in sequential chunks of the session size, then completes', async () => {
    const { file, server, store, progress, deps } = setup();
    const handle = startUpload(file, deps);
    await Promise.resolve();
    const result = await handle.result;
    expect(result.duplicate).toBe(false);
    expect(server.calls).toEqual([
      'init up1',
      `put 0`,
      `put ${CHUNK}`,
      `put ${2 * CHUNK}`,
      `put ${3 * CHUNK}`,
      'complete up1',
    ]);
    expect(progress.at(-1)).toBe(file.size);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(store.data.size).toBe(0);
  });

  it('remembers the upload under the file while it runs', async () => {
    const { file, server, store, deps } = setup();
    server.putFaults.push(() => {
      expect(store.get(resumeKey(file))).toBe('up1');
      return null;
    });
    await startUpload(file, deps).result;
    expect(store.get(resumeKey(file))).toBeNull();
  });

  it('resumes after a dropped connection from what the server holds', async () => {
    const { file, server, delays, deps } = setup();
    // The second chunk arrives but its answer is lost.
    server.putFaults.push(
      () => null,
      (offset) => {
        server.sessions.set('up1', offset + CHUNK);
        return network();
      },
    );
    await startUpload(file, deps).result;
    expect(delays).toEqual([DEFAULT_RETRY.baseDelayMs]);
    expect(server.calls).toEqual([
      'init up1',
      'put 0',
      `put ${CHUNK}`,
      'status up1',
      `put ${2 * CHUNK}`,
      `put ${3 * CHUNK}`,
      'complete up1',
    ]);
  });

  it('retries server errors with back-off and gives up after the limit', async () => {
    const { file, server, delays, store, deps } = setup();
    const retry = { attempts: 3, baseDelayMs: 100, maxDelayMs: 250 };
    server.putFaults.push(http(503), http(502), http(500), http(500));
    await expect(startUpload(file, { ...deps, retry }).result).rejects.toMatchObject({ status: 500 });
    expect(delays).toEqual([100, 200, 250]);
    expect(server.calls.filter((c) => c.startsWith('put'))).toHaveLength(4);
    // A transient failure keeps the upload for a later resume.
    expect(store.get(resumeKey(file))).toBe('up1');
  });

  it('counts failures in a row only: progress resets the count', async () => {
    const { file, server, deps } = setup();
    const retry = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 };
    server.putFaults.push(
      network(),
      () => null,
      network(),
      () => null,
      network(),
    );
    const result = await startUpload(file, { ...deps, retry }).result;
    expect(result.file.id).toBe('f1');
  });

  it('resumes from the offset a 409 answers, without waiting', async () => {
    const { file, server, delays, deps } = setup();
    server.putFaults.push(() => {
      // Another tab already sent two chunks of this session.
      server.sessions.set('up1', 2 * CHUNK);
      return null;
    });
    await startUpload(file, deps).result;
    expect(delays).toEqual([]);
    expect(server.calls).toEqual([
      'init up1',
      'put 0',
      `put ${2 * CHUNK}`,
      `put ${3 * CHUNK}`,
      'complete up1',
    ]);
  });

  it('resumes a remembered upload after a reload instead of starting again', async () => {
    const { file, server, store, deps } = setup();
    server.sessions.set('up9', 2 * CHUNK);
    store.set(resumeKey(file), 'up9');
    await startUpload(file, deps).result;
    expect(server.calls).toEqual(['status up9', `put ${2 * CHUNK}`, `put ${3 * CHUNK}`, 'complete up9']);
  });

  it('starts again when the remembered upload has expired', async () => {
    const { file, server, store, deps } = setup();
    store.set(resumeKey(file), 'gone');
    await startUpload(file, deps).result;
    expect(server.calls.slice(0, 3)).toEqual(['status gone', 'init up1', 'put 0']);
  });

  it('does not retry a refusal and forgets the upload', async () => {
    const { file, server, store, delays, deps } = setup();
    server.putFaults.push(http(403, { code: 'quota_exceeded' }));
    await expect(startUpload(file, deps).result).rejects.toMatchObject({ status: 403 });
    expect(delays).toEqual([]);
    expect(store.data.size).toBe(0);
  });

  it('cancel stops sending, cancels on the server and forgets the upload', async () => {
    const { file, server, store, deps } = setup();
    server.putFaults.push(() => null, 'hang');
    const handle = startUpload(file, deps);
    await vi.waitFor(() => expect(server.calls).toContain(`put ${CHUNK}`));
    await handle.cancel();
    await expect(handle.result).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.calls.at(-1)).toBe('cancel up1');
    expect(server.sessions.size).toBe(0);
    expect(store.data.size).toBe(0);
  });

  it('pause stops sending but keeps the upload to resume', async () => {
    const { file, server, store, deps } = setup();
    server.putFaults.push('hang');
    const handle = startUpload(file, deps);
    await vi.waitFor(() => expect(server.calls).toContain('put 0'));
    handle.pause();
    await expect(handle.result).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.transport.cancel).not.toHaveBeenCalled();
    expect(store.get(resumeKey(file))).toBe('up1');
  });

  it('a retry wait ends at once when cancelled', async () => {
    const { file, server, deps } = setup();
    server.putFaults.push(network());
    const handle = startUpload(file, { ...deps, sleep: undefined });
    await vi.waitFor(() => expect(server.calls).toContain('put 0'));
    await handle.cancel();
    await expect(handle.result).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.calls).toEqual(['init up1', 'put 0', 'cancel up1']);
  });
});

describe('back-off', () => {
  it('doubles from the base and stops at the cap', () => {
    const policy = { attempts: 9, baseDelayMs: 1_000, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
