import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { demoToken, runServer } from './server-process.js';
import { median } from './stats.js';

/**
 * Upload figures of issue 5, against the real server on an empty library as the paid demo user:
 * - upload-to-searchable: one multipart upload of a real ~20-page report, timed until my files
 *   shows it ready and until a search for one of its words finds it (median of `runs`; the file
 *   is deleted between runs so each upload is new);
 * - the chunked path: a real report carrying a large attachment (random bytes, so nothing
 *   compresses), sent in the chunks the contract picks, with one simulated dropped connection
 *   halfway (the client asks where the upload stands and resumes), then ingested.
 */

export interface UploadBenchResult {
  report: string;
  pages: number;
  sizeBytes: number;
  runs: number;
  /** Milliseconds from the start of the request to each state, medians over the runs. */
  medianUploadedMs: number;
  medianReadyMs: number;
  medianSearchableMs: number;
  samplesSearchableMs: number[];
  chunked: {
    sizeBytes: number;
    chunkSize: number;
    chunks: number;
    sendMs: number;
    megabytesPerSecond: number;
    completeMs: number;
    readyMs: number;
    resumedAt: number;
  };
}

type Bytes = Uint8Array<ArrayBuffer>;

interface Api {
  url: string;
  token: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(api: Api, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error_msg?: string };
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${json.error_msg ?? ''}`);
  return json;
}

interface MyFile {
  id: string;
  status: string;
  page_count: number;
  fail_reason: string | null;
}

/** Polls my files until the upload is ready (fails on 'failed' or after `limitMs`). */
async function untilReady(api: Api, id: string, limitMs = 600_000): Promise<MyFile> {
  const end = Date.now() + limitMs;
  for (;;) {
    const { file_list } = await call<{ file_list: MyFile[] }>(api, '/api/file/myfiles', { page_length: 100 });
    const f = file_list.find((x) => x.id === id);
    if (f?.status === 'ready') return f;
    if (f?.status === 'failed') throw new Error(`upload ${id} failed: ${f.fail_reason}`);
    if (Date.now() > end) throw new Error(`upload ${id} not ready after ${limitMs} ms`);
    await sleep(20);
  }
}

async function untilFound(api: Api, id: string, keyword: string): Promise<void> {
  for (let i = 0; i < 5000; i++) {
    const { file_list } = await call<{ file_list: { id: string }[] }>(api, '/api/file/search', {
      keyword,
      page_id: 1,
      page_length: 100,
    });
    if (file_list.some((f) => f.id === id)) return;
    await sleep(20);
  }
  throw new Error(`upload ${id} never found by '${keyword}'`);
}

async function uploadOnce(api: Api, bytes: Bytes, name: string, keyword: string) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const res = await fetch(`${api.url}/api/file/user_upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const json = (await res.json()) as { file?: MyFile; error_msg?: string };
  if (!json.file) throw new Error(`upload answered ${res.status}: ${json.error_msg}`);
  const uploaded = performance.now() - t0;
  const file = await untilReady(api, json.file.id);
  const ready = performance.now() - t0;
  await untilFound(api, file.id, keyword);
  const searchable = performance.now() - t0;
  await call(api, '/api/file/myfiles/delete', { file_id: file.id });
  return { uploaded, ready, searchable, pages: file.page_count };
}

/** A real report with a `targetBytes` attachment of random bytes: a large PDF pdf.js reads. */
async function largePdf(base: Bytes, targetBytes: number): Promise<Bytes> {
  const doc = await PDFDocument.load(base);
  await doc.attach(randomBytes(targetBytes - base.byteLength), 'appendix-data.bin', {
    mimeType: 'application/octet-stream',
    description: 'Benchmark appendix',
  });
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

async function chunkedUpload(api: Api, bytes: Bytes, name: string) {
  const session = await call<{ upload_id: string; chunk_size: number }>(api, '/api/file/user_upload/init', {
    file_name: name,
    size_bytes: bytes.byteLength,
  });
  const chunks = Math.ceil(bytes.byteLength / session.chunk_size);
  const dropAt = Math.floor(chunks / 2) * session.chunk_size;
  const t0 = performance.now();
  let offset = 0;
  let resumedAt = -1;
  while (offset < bytes.byteLength) {
    if (offset === dropAt && resumedAt < 0) {
      // The connection "drops": the client asks where the upload stands and goes on from there.
      const at = await call<{ received_bytes: number }>(api, '/api/file/user_upload/status', {
        upload_id: session.upload_id,
      });
      resumedAt = offset = at.received_bytes;
    }
    const end = Math.min(offset + session.chunk_size, bytes.byteLength);
    const res = await fetch(
      `${api.url}/api/file/user_upload/chunk?upload_id=${session.upload_id}&offset=${offset}`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${api.token}` },
        body: bytes.subarray(offset, end),
      },
    );
    if (!res.ok) throw new Error(`chunk at ${offset} answered ${res.status}: ${await res.text()}`);
    offset = end;
  }
  const sendMs = performance.now() - t0;
  const done = await call<{ file: MyFile }>(api, '/api/file/user_upload/complete', {
    upload_id: session.upload_id,
  });
  const completeMs = performance.now() - t0 - sendMs;
  await untilReady(api, done.file.id);
  const readyMs = performance.now() - t0;
  return {
    sizeBytes: bytes.byteLength,
    chunkSize: session.chunk_size,
    chunks,
    sendMs: Math.round(sendMs),
    megabytesPerSecond: Math.round((bytes.byteLength / 1024 / 1024 / (sendMs / 1000)) * 10) / 10,
    completeMs: Math.round(completeMs),
    readyMs: Math.round(readyMs),
    resumedAt,
  };
}

export async function benchUploads(
  corpusDir: string,
  opts = {
    report: 'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf',
    keyword: 'Johnson',
    runs: 5,
    largeBytes: 190 * 1024 * 1024,
  },
): Promise<UploadBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rl-bench-upload-'));
  const server = await runServer({ DATA_DIR: dataDir, SEED_COUNT: '0' });
  try {
    const api = { url: server.url, token: await demoToken(server.url, dataDir, 'paid user') };
    const bytes = new Uint8Array(readFileSync(join(corpusDir, opts.report)));
    await uploadOnce(api, bytes, opts.report, opts.keyword); // warm-up (worker threads, caches)
    const runs = [];
    for (let i = 0; i < opts.runs; i++) runs.push(await uploadOnce(api, bytes, opts.report, opts.keyword));
    const large = await largePdf(bytes, opts.largeBytes);
    const chunked = await chunkedUpload(api, large, `large-${basename(opts.report)}`);
    return {
      report: opts.report,
      pages: runs[0]?.pages ?? 0,
      sizeBytes: bytes.byteLength,
      runs: opts.runs,
      medianUploadedMs: Math.round(median(runs.map((r) => r.uploaded))),
      medianReadyMs: Math.round(median(runs.map((r) => r.ready))),
      medianSearchableMs: Math.round(median(runs.map((r) => r.searchable))),
      samplesSearchableMs: runs.map((r) => Math.round(r.searchable)),
      chunked,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
