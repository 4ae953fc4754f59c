import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, type UploadResponse } from '@rl/contract';
import * as storedTextBytes from '../src/db/migrations/20261128-0014-stored-text-bytes.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { REAL_PDF, trialUser, type TestUser } from './library-helpers.js';
import { chunkedClient, holdUploads, myFiles, upload } from './upload-helpers.js';

/**
 * The text stored for an upload counts in its owner's storage with its PDF: my files' usage, the
 * check of a new upload and the check of a chunked upload's start all count it, so a small PDF
 * that yields much text cannot fill the database while the plan shows it nearly empty. Real
 * uploads ingested by the job runner, on the test's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

const FREE = PLANS.trial;
/** A 5-page 8-K: more text than REAL_PDF's one page. */
const PEPSICO = readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf');

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '20000' }, { jobs: true });
});
afterAll(() => lib.close());

/** Uploads and waits until the job runner has ingested it; the file's row. */
async function ingested(user: TestUser, bytes: Uint8Array, name: string) {
  const r = await upload<UploadResponse>(lib, user.token, bytes, name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await lib.runner!.idle();
  const row = await lib.repos.files.byId(r.body.file.id);
  expect(row?.status).toBe('ready');
  return row!;
}

/** The UTF-8 bytes of a file's stored pages, read back from the database. */
async function storedTextBytesOf(seq: number): Promise<number> {
  const pages = await lib.repos.files.pages(seq);
  return pages.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
}

describe("stored text in the owner's storage", () => {
  it("counts each upload's pages with its PDF in the usage my files shows", async () => {
    const me = await trialUser(lib);
    const one = await ingested(me, REAL_PDF, 'roundup.pdf');
    const two = await ingested(me, PEPSICO, 'pepsico.pdf');
    const text = [await storedTextBytesOf(one.seq), await storedTextBytesOf(two.seq)];
    expect(text[0]).toBeGreaterThan(1000);
    expect(text[1]).toBeGreaterThan(5000);
    expect([one.text_bytes, two.text_bytes]).toEqual(text);
    const usage = (await myFiles(lib, me.token)).body.usage;
    expect(usage).toMatchObject({ files: 2, bytes: REAL_PDF.length + PEPSICO.length + text[0]! + text[1]! });
  });

  it('refuses an upload that fits beside the PDFs held but not beside their text', async () => {
    const me = await trialUser(lib);
    const held = await ingested(me, REAL_PDF, 'roundup.pdf');
    const used = REAL_PDF.length + (await storedTextBytesOf(held.seq));
    // Room for PEPSICO by the PDFs' bytes alone, one byte short with the text counted.
    const filler = FREE.storage_bytes - used - PEPSICO.length + 1;
    await holdUploads(lib.db, me.id, 1, filler);
    expect(REAL_PDF.length + filler + PEPSICO.length).toBeLessThanOrEqual(FREE.storage_bytes);
    const storageFull = {
      error_msg:
        'This file would take your uploads past the 30 MB of storage your plan includes. Delete some files first.',
      code: 'quota_exceeded',
      reason: 'storage',
      limit: FREE.storage_bytes,
      used: used + filler,
    };
    const refused = await upload(lib, me.token, PEPSICO, 'pepsico.pdf');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(storageFull);
    const chunked = await chunkedClient(lib).init(me.token, 'pepsico.pdf', PEPSICO.length);
    expect(chunked.status).toBe(403);
    expect(chunked.body).toEqual(storageFull);
    expect((await myFiles(lib, me.token)).body.usage).toMatchObject({ files: 2, bytes: used + filler });
  });

  it('counts the text of files read before the count existed (the migration fills it in)', async () => {
    const me = await trialUser(lib);
    const file = await ingested(me, PEPSICO, 'pepsico.pdf');
    const db = lib.db as unknown as Parameters<typeof storedTextBytes.up>[0];
    await storedTextBytes.down(db);
    await storedTextBytes.up(db);
    expect((await lib.repos.files.byId(file.id))?.text_bytes).toBe(await storedTextBytesOf(file.seq));
    expect((await myFiles(lib, me.token)).body.usage.bytes).toBe(
      PEPSICO.length + (await storedTextBytesOf(file.seq)),
    );
  });
});
