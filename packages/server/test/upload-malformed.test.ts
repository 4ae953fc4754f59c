import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, MyFile, UploadResponse } from '@rl/contract';
import { corpusFiles, readCorpusFile } from './pdf/test-corpus.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { expect400, paidUser, type TestUser } from './library-helpers.js';
import { baseUrl, expectNoLeftovers, fetchUpload, myFiles, rowCounts } from './upload-helpers.js';

/**
 * Every file of ../shared/corpus/malformed (non-PDFs, encrypted, damaged, hostile) uploaded over
 * real HTTP (fetch and FormData against a listening server), then ingested by the job runner: each
 * gets a clear answer, never a 500, and ends ready or failed with a reason; nothing is left behind.
 */

const FILES = corpusFiles('malformed');
/** Long enough for every readable file, short enough that the bombs only cost this. */
const TIMEOUT_MS = 5000;

let lib: TestLibrary;
let me: TestUser;
const answers = new Map<string, { status: number; body: UploadResponse | ErrorBody }>();

beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: String(TIMEOUT_MS) }, { jobs: true });
  me = await paidUser(lib);
  const base = await baseUrl(lib);
  for (const name of FILES) {
    answers.set(
      name,
      await fetchUpload<UploadResponse | ErrorBody>(base, me.token, readCorpusFile('malformed', name), name),
    );
  }
  await lib.runner!.idle();
}, 300_000);
afterAll(() => lib.close());

const accepted = () =>
  [...answers]
    .filter(([, a]) => a.status === 200)
    .map(([name, a]) => [name, (a.body as UploadResponse).file] as const);

describe('uploading the malformed corpus', () => {
  it('answers every file with 200 or a 400 in the catalogue shape, never a 500', () => {
    expect([...answers.keys()].sort()).toEqual(FILES);
    for (const [name, a] of answers) {
      if (a.status === 200) {
        expect((a.body as UploadResponse).duplicate, name).toBe(false);
        continue;
      }
      expect400(a);
      expect((a.body as ErrorBody).code, name).toBe('not_pdf');
    }
    const refused = (name: string) => answers.get(name)?.body;
    expect(refused('plumb_empty_zero_bytes.pdf')).toEqual({
      error_msg: 'The file is empty',
      code: 'not_pdf',
    });
    expect(refused('qpdf_bad1.pdf')).toEqual({ error_msg: 'The file is not a PDF', code: 'not_pdf' });
    expect(accepted().length).toBeGreaterThan(FILES.length / 2);
  });

  it('leaves a row and a job for each accepted file and none for a refused one', async () => {
    const n = accepted().length;
    expect(await rowCounts(lib.db)).toEqual({ files: n, jobs: n, orphanJobs: 0 });
    const open = await lib.db
      .selectFrom('jobs')
      .select('id')
      .where('state', 'in', ['queued', 'running'])
      .execute();
    expect(open).toEqual([]);
  });

  it('ends every accepted file ready, or failed with its reason shown in my files', async () => {
    const list = await myFiles(lib, me.token, { page_length: 100 });
    expect(list.body.total_items).toBe(accepted().length);
    const mine = new Map<string, MyFile>(list.body.file_list.map((f) => [f.id, f]));
    const failed: string[] = [];
    for (const [name, file] of accepted()) {
      const now = mine.get(file.id);
      expect(now?.file_name, name).toBe(name);
      expect(['ready', 'failed'], name).toContain(now?.status);
      if (now?.status === 'ready') {
        expect(now.page_count, name).toBeGreaterThan(0);
        expect(now.fail_reason, name).toBeNull();
      } else {
        failed.push(name);
        expect(now?.fail_reason?.length ?? 0, name).toBeGreaterThan(10);
        expect(now?.fail_reason, name).not.toBe('Processing failed');
      }
    }
    const reason = (name: string) =>
      mine.get(accepted().find(([n]) => n === name)?.[1].id ?? '')?.fail_reason;
    expect(reason('plumb_password-example.pdf')).toMatch(/password/i);
    expect(reason('mineru_scanned_cn_image_only.pdf')).toMatch(/no text layer/i);
    expect(failed.length).toBeGreaterThan(5);
    // Failed uploads count against the plan (their bytes are kept) until they are deleted.
    expect(list.body.usage.files).toBe(accepted().length);
  });

  it('leaves no stored bytes without a row and no temporary file', async () => {
    await expectNoLeftovers(lib);
  });
});
