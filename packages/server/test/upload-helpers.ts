import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import type { MyFilesResponse, UploadResponse, UploadSession } from '@rl/contract';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { jsonInteger } from '../src/db/dialect.js';
import { newFileId } from '../src/ingest/ingest-file.js';
import { call, type TestLibrary } from './harness.js';

/** Helpers of the upload and my-files tests: real multipart bodies, chunked calls, disk checks. */

export const MiB = 1024 * 1024;

/** A multipart/form-data body as a browser's FormData sends it: payload and content type. */
export async function multipart(
  parts: { name: string; value: Uint8Array | string; fileName?: string; type?: string }[],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.fileName === undefined && typeof p.value === 'string') form.append(p.name, p.value);
    else
      form.append(p.name, new Blob([p.value], { type: p.type ?? 'application/pdf' }), p.fileName ?? 'blob');
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get('content-type') ?? '',
  };
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** POSTs a ready multipart body (or any raw body) to /api/file/user_upload. */
export async function postUpload<T = UploadResponse>(
  lib: Pick<TestLibrary, 'app'>,
  body: { payload: Buffer; contentType: string },
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': body.contentType, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await lib.app.inject({
    method: 'POST',
    url: '/api/file/user_upload',
    headers,
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as T };
}

/** Uploads `bytes` as the multipart field `file` named `fileName`. */
export async function upload<T = UploadResponse>(
  lib: Pick<TestLibrary, 'app'>,
  token: string | undefined,
  bytes: Uint8Array,
  fileName = 'report.pdf',
  headers?: Record<string, string>,
): Promise<Answer<T>> {
  return postUpload<T>(lib, await multipart([{ name: 'file', value: bytes, fileName }]), { token, headers });
}

/**
 * A real PDF grown to exactly `size` bytes by spaces after its %%EOF (readers ignore them), with a
 * distinct content (and so sha256) per `salt`.
 */
export function padPdf(pdf: Uint8Array, size: number, salt = 0): Uint8Array {
  const tail = Buffer.from(`\n%pad ${salt}\n`);
  if (size < pdf.length + tail.length) throw new Error(`cannot pad ${pdf.length} bytes to ${size}`);
  const out = Buffer.alloc(size, 0x20);
  out.set(pdf, 0);
  out.set(tail, pdf.length);
  return out;
}

// ---- real sockets -----------------------------------------------------------------------------

const listening = new WeakMap<TestLibrary, Promise<string>>();
/** The library's app listening on 127.0.0.1 (once), for tests that need a real socket. */
export function baseUrl(lib: TestLibrary): Promise<string> {
  let url = listening.get(lib);
  if (!url) listening.set(lib, (url = lib.app.listen({ port: 0, host: '127.0.0.1' })));
  return url;
}

/** Uploads `bytes` as a browser would: fetch and FormData against a listening server at `base`. */
export async function fetchUpload<T = UploadResponse>(
  base: string,
  token: string,
  bytes: Uint8Array,
  fileName: string,
): Promise<Answer<T>> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName);
  const res = await fetch(`${base}/api/file/user_upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * A request whose body the test writes itself, and may cut short with `req.destroy()`: `closed`
 * settles when the socket is gone, `response` when an answer arrives.
 */
export function rawRequest(url: string, method: string, headers: Record<string, string>) {
  const req = httpRequest(url, { method, headers });
  const closed = new Promise<void>((resolve) =>
    req.on('close', () => resolve()).on('error', () => resolve()),
  );
  const response = new Promise<{ status: number; body: string }>((resolve) =>
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }),
  );
  return { req, closed, response };
}

// ---- chunked uploads ------------------------------------------------------------------------

export function chunkedClient(lib: Pick<TestLibrary, 'app'>) {
  const json = <T>(url: string, body: unknown, token?: string) => call<T>(lib.app, url, body, { token });
  return {
    init: (token: string | undefined, file_name: string, size_bytes: number) =>
      json<UploadSession>('/api/file/user_upload/init', { file_name, size_bytes }, token),
    status: (token: string | undefined, upload_id: string) =>
      json<UploadSession>('/api/file/user_upload/status', { upload_id }, token),
    complete: (token: string | undefined, upload_id: string) =>
      json<UploadResponse>('/api/file/user_upload/complete', { upload_id }, token),
    cancel: (token: string | undefined, upload_id: string) =>
      json('/api/file/user_upload/cancel', { upload_id }, token),
    async chunk(token: string | undefined, upload_id: string, offset: number, bytes: Uint8Array) {
      const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await lib.app.inject({
        method: 'PUT',
        url: `/api/file/user_upload/chunk?upload_id=${encodeURIComponent(upload_id)}&offset=${offset}`,
        headers,
        payload: Buffer.from(bytes),
      });
      return { status: res.statusCode, body: res.json() as UploadSession & { received_bytes?: number } };
    },
  };
}

// ---- what the library holds ---------------------------------------------------------------

export const myFiles = (lib: TestLibrary, token: string, body: Record<string, unknown> = {}) =>
  call<MyFilesResponse>(lib.app, '/api/file/myfiles', body, { token });

/**
 * Rows that count against a user's plan, written directly (no bytes, no pages): `count` ready
 * private uploads of `bytesEach` bytes.
 */
export async function holdUploads(db: Db, ownerId: string, count: number, bytesEach: number): Promise<void> {
  const now = '2026-11-01T00:00:00.000Z';
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newFileId(),
    sha256: `held-${ownerId}-${i}`,
    file_name: `held-${i}.pdf`,
    file_type: 'pdf' as const,
    size_bytes: bytesEach,
    status: 'ready' as const,
    visibility: 'private' as const,
    owner_id: ownerId,
    upload_user: null,
    source: 'upload' as const,
    upload_time: now,
    updated_time: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('files')
      .values(rows.slice(i, i + 200))
      .execute();
}

/**
 * Files and jobs rows, and the open ingest jobs that point at no file (a finished job of a file
 * deleted since is history, not a leftover).
 */
export async function rowCounts(db: Db): Promise<{ files: number; jobs: number; orphanJobs: number }> {
  const n = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]?.n ?? 0);
  return {
    files: await n(sql<{ n: number }>`SELECT count(*) AS n FROM files`),
    // Ingest jobs: one per accepted file (a ready file also gets its own summarise job).
    jobs: await n(sql<{ n: number }>`SELECT count(*) AS n FROM jobs WHERE type = 'ingest'`),
    orphanJobs: await n(sql<{ n: number }>`SELECT count(*) AS n FROM jobs j WHERE j.type = 'ingest'
      AND j.state IN ('queued', 'running') AND NOT EXISTS (SELECT 1 FROM files f WHERE f.seq = ${jsonInteger(db, sql.ref('j.payload'), 'file_seq')})`),
  };
}

/** A DATA_DIR and its database: a TestLibrary, or the data of a server run as a child process. */
export interface DataDir {
  dir: string;
  db: Db;
}

/** Every file under a folder, relative to it. */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The stored blobs (DATA_DIR/files/aa/bb/<sha256>.pdf) by sha256; anything else there as is. */
export const storedBlobs = (lib: DataDir): string[] =>
  walk(join(lib.dir, 'files'))
    .map((p) => /^[0-9a-f]{2}\/[0-9a-f]{2}\/([0-9a-f]{64})\.pdf$/.exec(p)?.[1] ?? p)
    .sort();

/**
 * The bytes of a chunked upload that counted: its landed chunks (`<offset>.chunk` in its folder),
 * joined in order; anything else there (a writer's staged chunk) is left out.
 */
export function landedBytes(lib: DataDir, uploadId: string): Buffer {
  const folder = join(lib.dir, 'uploads', `${uploadId}.part`);
  if (!existsSync(folder)) return Buffer.alloc(0);
  const offsets = readdirSync(folder)
    .flatMap((name) => /^(\d+)\.chunk$/.exec(name)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);
  return Buffer.concat(offsets.map((o) => readFileSync(join(folder, `${o}.chunk`))));
}

/** Files under DATA_DIR/uploads (temporary files of uploads under way). */
export const uploadTemps = (lib: DataDir): string[] => walk(join(lib.dir, 'uploads'));

/** Rows written without bytes: holdUploads' (`held-...`) and buildFile's (a counter, zero-padded). */
const withoutBytes = (sha: string) => sha.startsWith('held-') || sha.startsWith('0'.repeat(24));

/**
 * Nothing left over: the stored blobs are exactly the contents the files rows refer to, no
 * temporary upload file, no open ingest job without its file.
 */
export async function expectNoLeftovers(lib: DataDir): Promise<void> {
  const shas = await lib.db.selectFrom('files').select('sha256').distinct().execute();
  const referenced = shas
    .map((r) => r.sha256)
    .filter((s) => !withoutBytes(s))
    .sort();
  expect(storedBlobs(lib)).toEqual(referenced);
  expect(uploadTemps(lib)).toEqual([]);
  expect((await rowCounts(lib.db)).orphanJobs).toBe(0);
}
