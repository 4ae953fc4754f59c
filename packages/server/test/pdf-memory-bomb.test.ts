import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyFile, UploadResponse } from '@rl/contract';
import { MAX_DECODED_DOCUMENT_BYTES, MAX_DECODED_STREAM_BYTES } from '../src/pdf/decode-budget.js';
import { residentBytes } from '../src/pdf/memory-watch.js';
import { childPidsRunning, flateBombPdf, manyStreamsBombPdf, textBombPdf } from './pdf/test-bombs.js';
import { MAX_PAGE_CHARS } from '../src/pdf/text-budget.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { trialUser, type TestUser } from './library-helpers.js';
import { baseUrl, fetchUpload, myFiles } from './upload-helpers.js';

/**
 * Decompression and text bombs uploaded by a free user over real HTTP and ingested by the job
 * runner, as in one-process `npm start`: this test process is the server. Each bomb is refused with its reason
 * while this process stays under 1 GB resident (sampled every 50 ms while the bomb is read and
 * until its child is gone), and the child process that read it does not outlive the refusal.
 */

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const SERVER_RSS_LIMIT = GiB;
const CHILD = 'extract-child';

let lib: TestLibrary;
let user: TestUser;
let base: string;

beforeAll(async () => {
  // One child, so the one reading the bomb is the one watched; a generous time limit for a busy machine.
  lib = await openTestLibrary({ PDF_WORKERS: '1', PDF_TIMEOUT_MS: '120000' }, { jobs: true });
  user = await trialUser(lib);
  base = await baseUrl(lib);
});
afterAll(() => lib.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident memory of this process and of the PDF children, sampled every 50 ms until stopped. */
function sampleMemory() {
  let server = 0;
  let children = 0;
  const readers = new Set<number>();
  const sample = () => {
    server = Math.max(server, process.memoryUsage().rss);
    for (const pid of childPidsRunning(CHILD)) {
      readers.add(pid);
      children = Math.max(children, residentBytes(pid) ?? 0);
    }
  };
  const timer = setInterval(sample, 50);
  return {
    readers,
    stop() {
      clearInterval(timer);
      sample();
      return { server, children };
    },
  };
}

/** Uploads `bytes` as the free user and waits for its ingestion to end; returns the file as listed. */
async function uploadAndWait(bytes: Uint8Array, name: string): Promise<MyFile> {
  const answer = await fetchUpload<UploadResponse>(base, user.token, bytes, name);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  for (;;) {
    const list = await myFiles(lib, user.token, { page_length: 100 });
    const file = list.body.file_list.find((f) => f.id === answer.body.file.id);
    if (file && file.status !== 'processing') return file;
    await pause(100);
  }
}

/** Waits (polling) until none of `pids` is a living child. */
async function gone(pids: Set<number>): Promise<void> {
  while (childPidsRunning(CHILD).some((pid) => pids.has(pid))) await pause(50);
}

async function expectRefused(bytes: Uint8Array, name: string, reason: string) {
  const memory = sampleMemory();
  const file = await uploadAndWait(bytes, name);
  expect(file.status).toBe('failed');
  expect(file.fail_reason).toBe(reason);
  expect(memory.readers.size).toBeGreaterThan(0);
  await gone(memory.readers);
  const peak = memory.stop();
  expect(peak.server).toBeLessThan(SERVER_RSS_LIMIT);
  // The child that read the bomb was stopped at the bound, well under its own memory limit.
  expect(peak.children).toBeLessThan(GiB);
}

describe('decompression bombs uploaded by a free user', () => {
  it('refuses a 2 MB PDF whose one Flate stream inflates to 2 GiB', async () => {
    const bomb = await flateBombPdf(2 * GiB);
    expect(bomb.length).toBeLessThan(3 * MiB);
    await expectRefused(
      bomb,
      'bomb.pdf',
      `A compressed stream in the PDF expands to more than ${MAX_DECODED_STREAM_BYTES / MiB} MB (the limit)`,
    );
  }, 300_000);

  it('refuses a PDF whose streams, each under the stream bound, pass the document bound together', async () => {
    const each = Math.floor(MAX_DECODED_STREAM_BYTES * 0.75);
    const bomb = await manyStreamsBombPdf(each, Math.ceil(MAX_DECODED_DOCUMENT_BYTES / each) + 1);
    await expectRefused(
      bomb,
      'many-streams.pdf',
      `The compressed streams of the PDF expand to more than ${MAX_DECODED_DOCUMENT_BYTES / MiB} MB in all (the limit)`,
    );
  }, 300_000);

  it('refuses a 120 KB PDF whose one page draws 10 MB of text, and stores none of it', async () => {
    const bomb = textBombPdf();
    expect(bomb.length).toBeLessThan(130 * 1024);
    await expectRefused(
      bomb,
      'text-bomb.pdf',
      `Page 1 of the PDF yields more than ${MAX_PAGE_CHARS.toLocaleString('en-US')} characters of text (the limit)`,
    );
    const pages = await lib.db.selectFrom('file_pages').select('text').execute();
    expect(pages).toEqual([]);
    // The plan counts what the uploads hold: their PDFs, and no text.
    const mine = (await myFiles(lib, user.token, { page_length: 100 })).body;
    expect(mine.usage.bytes).toBe(mine.file_list.reduce((sum, f) => sum + f.size_bytes, 0));
  }, 300_000);

  it('still ingests a real report afterwards', async () => {
    const file = await uploadAndWait(
      readCorpusFile('reports', 'usda_ag_energy_roundup_2017-02-24.pdf'),
      'roundup.pdf',
    );
    expect(file.status).toBe('ready');
  }, 300_000);
});
