import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLANS,
  type ErrorBody,
  type MyFilesResponse,
  type UploadResponse,
  type UploadSession,
} from '@rl/contract';
import { readCorpusFile } from './pdf/test-corpus.js';
import { uploadCountSpent } from '../src/modules/quota/walls.js';
import { bodyOf } from './wall-bodies.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { trialUser, type TestUser } from './library-helpers.js';
import { baseUrl, expectNoLeftovers, fetchUpload, holdUploads, storedBlobs } from './upload-helpers.js';

/**
 * Failed uploads cost what they take: a PDF that fails ingestion keeps its row (with its reason)
 * and its stored bytes until its owner deletes it, and counts against the plan's files and
 * storage meanwhile, so a free user cannot fill the disk with uploads that fail. Chunked uploads
 * under way count too. Everything over real HTTP against a listening server, with the job runner
 * ingesting the uploads.
 */

const FREE = PLANS.trial;
const COUNT_FULL = bodyOf(uploadCountSpent(FREE, FREE.upload_max_files));
/** Broken PDFs of ../shared/corpus/malformed (see its MANIFEST) that pass the sniff but fail ingestion. */
const BROKEN = [
  'pdfjs_issue6010_1.pdf', // encrypted, user password
  'pdfjs_issue6010_2.pdf',
  'pdfjs_issue21579.pdf',
  'pdfjs_issue3371.pdf',
  'qpdf_enc-R2_V1_U-view_O-master.pdf',
  'qpdf_enc-XI-R6_V5_U-view_O-master.pdf',
  'plumb_password-example.pdf',
  'pdfjs_REDHAT-1531897-0.pdf', // invalid root reference
  'pdfjs_bug1020226.pdf', // invalid structure
  'pdfjs_poppler-395-0-fuzzed.pdf',
  'mineru_scanned_cn_image_only.pdf', // no text layer
];
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let lib: TestLibrary;
let base: string;
beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '10000' }, { jobs: true });
  base = await baseUrl(lib);
}, 60_000);
afterAll(() => lib?.close());

async function api<T>(user: TestUser, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}
const myFiles = (user: TestUser) =>
  api<MyFilesResponse>(user, '/api/file/myfiles', { page_id: 1, page_length: 100 });

describe('a free user uploading PDFs that fail', () => {
  it('pays for each until the plan refuses the next; deleting one frees its room and its bytes', async () => {
    const me = await trialUser(lib);
    const sent = BROKEN.map((name) => ({ name, bytes: readCorpusFile('malformed', name) }));
    const ids: string[] = [];
    for (const { name, bytes } of sent.slice(0, FREE.upload_max_files)) {
      const r = await fetchUpload<UploadResponse>(base, me.token, bytes, name);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(200);
      ids.push(r.body.file.id);
      await lib.runner!.idle();
    }
    const list = await myFiles(me);
    const byId = new Map(list.body.file_list.map((f) => [f.id, f]));
    for (const [i, id] of ids.entries()) {
      // Listed with the reason it failed (the web shows it, with a delete button).
      expect(byId.get(id), sent[i]!.name).toMatchObject({
        status: 'failed',
        fail_reason: expect.any(String),
      });
    }
    const bytes = sent.slice(0, FREE.upload_max_files).reduce((n, f) => n + f.bytes.length, 0);
    expect(list.body.usage).toEqual({
      files: FREE.upload_max_files,
      max_files: FREE.upload_max_files,
      bytes,
      max_bytes: FREE.storage_bytes,
      max_file_bytes: FREE.upload_max_bytes,
    });
    // The failed uploads' bytes are on disk: that is what they are charged for.
    for (const f of sent.slice(0, FREE.upload_max_files)) expect(storedBlobs(lib)).toContain(sha(f.bytes));

    // The 11th broken PDF is refused with the plan's error, one request or chunked.
    const last = sent[FREE.upload_max_files]!;
    const refused = await fetchUpload<ErrorBody>(base, me.token, last.bytes, last.name);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(COUNT_FULL);
    const init = await api<ErrorBody>(me, '/api/file/user_upload/init', {
      file_name: last.name,
      size_bytes: last.bytes.length,
    });
    expect(init.status).toBe(403);
    expect(init.body).toEqual(COUNT_FULL);
    expect(storedBlobs(lib)).not.toContain(sha(last.bytes));

    // Deleting one failed upload frees its file, its bytes in the usage and on disk.
    const gone = sent[0]!;
    const del = await api(me, '/api/file/myfiles/delete', { file_id: ids[0] });
    expect(del).toEqual({ status: 200, body: { ok: true } });
    expect((await myFiles(me)).body.usage).toMatchObject({
      files: FREE.upload_max_files - 1,
      bytes: bytes - gone.bytes.length,
    });
    expect(storedBlobs(lib)).not.toContain(sha(gone.bytes));
    const now = await fetchUpload<UploadResponse>(base, me.token, last.bytes, last.name);
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    await lib.runner!.idle();
    expect((await myFiles(me)).body.usage.files).toBe(FREE.upload_max_files);
    await expectNoLeftovers(lib);
  }, 180_000);

  it('counts chunked uploads under way too: of 20 inits at once with room for 2, exactly 2 open', async () => {
    const me = await trialUser(lib);
    await holdUploads(lib.db, me.id, FREE.upload_max_files - 2, 1000);
    await lib.db.updateTable('files').set({ status: 'failed' }).where('owner_id', '=', me.id).execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api<UploadSession | ErrorBody>(me, '/api/file/user_upload/init', {
          file_name: `part-${i}.pdf`,
          size_bytes: 1000,
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(403);
      expect(r.body).toEqual(COUNT_FULL);
    }
    // Cancelling one gives its room back.
    const open = answers.flatMap((r) => (r.status === 200 ? [(r.body as UploadSession).upload_id] : []));
    expect((await api(me, '/api/file/user_upload/cancel', { upload_id: open[0] })).status).toBe(200);
    const again = await api(me, '/api/file/user_upload/init', { file_name: 'again.pdf', size_bytes: 1000 });
    expect(again.status).toBe(200);
  }, 60_000);
});
