import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SearchResponse, UploadResponse, UploadSession } from '@rl/contract';
import { openSqlite, type Db } from '../src/db/database.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { buildUser } from './accounts.js';
import { exited, runCli, waitFor } from './process.js';
import { expectNoLeftovers, fetchUpload } from './upload-helpers.js';
import { fileSeqOf } from './queued-jobs.js';

/**
 * The real server as a child process, killed with SIGKILL while an uploaded report is being read
 * and while a chunked upload is half sent, then started again on the same DATA_DIR: the report ends
 * ready and searchable by its owner, the chunked upload resumes where it stood, nothing is doubled.
 */

const REPORT = 'fb_BOEING_2022_10K.pdf'; // 190 pages: still being read when the server dies
const BOEING = readCorpusFile('reports', REPORT);
const APPLE = readCorpusFile('reports', 'fb_APPLE_2023Q3_10Q.pdf'); // 5 chunks of 64 KiB

let dir: string;
let db: Db;
let server: ReturnType<typeof runCli> | null = null;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rl-upload-crash-'));
});
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited(server);
  }
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const dataDir = () => join(dir, 'data');
const env = () => ({
  DATA_DIR: dataDir(),
  PORT: '0',
  HTTP_WORKERS: '1',
  SEED_COUNT: '0',
  DEMO_ACCOUNTS: '0',
  PDF_WORKERS: '1',
  JOB_CONCURRENCY: '1',
  GEOIP_CSV: 'off',
});

/** Starts the server and answers its base URL (from the "server listening" log line). */
async function startServer(): Promise<string> {
  const child = runCli(['start'], env());
  server = child;
  return waitFor('the server to listen', () => {
    if (child.exitCode !== null) throw new Error(`server exited:\n${child.output()}`);
    return /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(child.output())?.[1];
  });
}

async function kill9(): Promise<void> {
  server!.kill('SIGKILL');
  await exited(server!);
}

async function api<T>(base: string, path: string, body: unknown, token: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-fingerprint': 'fp-crash',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function putChunk(base: string, token: string, id: string, offset: number, bytes: Uint8Array) {
  const res = await fetch(`${base}/api/file/user_upload/chunk?upload_id=${id}&offset=${offset}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
    body: bytes,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as UploadSession;
}

/** The ingest jobs (each ready file also gets a summarise job, which these checks leave out). */
const jobs = () =>
  db
    .selectFrom('jobs')
    .select(['id', 'type', 'state', 'step', 'payload'])
    .where('type', '=', 'ingest')
    .execute();
const filesOf = (userId: string) =>
  db
    .selectFrom('files')
    .select(['id', 'seq', 'status', 'page_count', 'fail_reason'])
    .where('owner_id', '=', userId)
    .execute();

describe('uploads survive kill -9 of the server', () => {
  it('finishes the report being read and resumes the half-sent chunked upload after a restart', async () => {
    let base = await startServer();
    db = openSqlite(join(dataDir(), 'library.db')).db;
    const user = await buildUser(db, { level: 'paid_v0', expires: null });
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'fp-crash' },
      body: JSON.stringify({ username: user.username, passwd: user.password }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as LoginResponse).token;

    // A chunked upload, two chunks in.
    const init = await api<UploadSession>(
      base,
      '/api/file/user_upload/init',
      { file_name: 'apple.pdf', size_bytes: APPLE.length },
      token,
    );
    expect(init.status).toBe(200);
    const { upload_id, chunk_size } = init.body;
    for (const off of [0, chunk_size])
      await putChunk(base, token, upload_id, off, APPLE.subarray(off, off + chunk_size));

    // A one-request upload of a long report; kill once its job is reading the PDF.
    const up = await fetchUpload(base, token, BOEING, REPORT);
    expect(up.status).toBe(200);
    const uploaded = up.body;
    await waitFor('the ingest job to run', async () => (await jobs()).some((j) => j.state === 'running'));
    await kill9();
    expect(await filesOf(user.id)).toMatchObject([{ id: uploaded.file.id, status: 'processing' }]);

    base = await startServer();
    // The chunked upload stands where it was; it is finished now.
    const status = await api<UploadSession>(base, '/api/file/user_upload/status', { upload_id }, token);
    expect(status.body.received_bytes).toBe(2 * chunk_size);
    for (let off = status.body.received_bytes; off < APPLE.length; off += chunk_size)
      await putChunk(base, token, upload_id, off, APPLE.subarray(off, off + chunk_size));
    const done = await api<UploadResponse>(base, '/api/file/user_upload/complete', { upload_id }, token);
    expect(done.status).toBe(200);

    const settled = await waitFor(
      'both uploads processed after the restart',
      async () => {
        const rows = await filesOf(user.id);
        const open = (await jobs()).filter((j) => j.state === 'queued' || j.state === 'running');
        return rows.length === 2 && open.length === 0 && rows.every((r) => r.status !== 'processing')
          ? rows
          : undefined;
      },
      180_000,
    );
    expect(server!.output()).toContain('taking over a job whose worker stopped renewing its lease');
    const report = settled.find((r) => r.id === uploaded.file.id);
    expect(report, JSON.stringify(settled)).toMatchObject({ status: 'ready', fail_reason: null });
    expect(report?.page_count).toBe(190);
    expect(settled.find((r) => r.id === done.body.file.id)).toMatchObject({ status: 'ready' });
    // One job per file, the interrupted one resumed rather than queued again.
    const all = await jobs();
    const bySeq = (a: number, b: number) => a - b;
    expect(all.map(fileSeqOf).sort(bySeq)).toEqual(settled.map((r) => r.seq).sort(bySeq));
    expect(all.every((j) => j.state === 'done')).toBe(true);

    const found = await api<SearchResponse>(base, '/api/file/search', { keyword: 'Boeing' }, token);
    expect(found.body.file_list.map((f) => f.id)).toContain(uploaded.file.id);
    // The client retries the upload it may not have seen answered: nothing is doubled.
    const retry = await fetchUpload(base, token, BOEING, REPORT);
    expect(retry.body).toMatchObject({ duplicate: true, file: { id: uploaded.file.id, status: 'ready' } });
    expect(await filesOf(user.id)).toHaveLength(2);
    await expectNoLeftovers({ dir: dataDir(), db });

    server!.kill('SIGTERM');
    expect(await exited(server!)).toBe(0);
  }, 300_000);
});
