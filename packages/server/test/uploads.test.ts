import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLANS, REGION_MESSAGE, type MyFile, type UploadResponse } from '@rl/contract';
import { uploadCountSpent } from '../src/modules/quota/walls.js';
import { bodyOf } from './wall-bodies.js';
import { MESSAGES } from '../src/messages/catalogue.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { openSecondInstance } from './second-instance.js';
import { waitFor } from './process.js';
import {
  expect400,
  NOT_LOGGED_IN,
  REAL_PDF,
  trialUser,
  userWithToken,
  type TestUser,
} from './library-helpers.js';
import {
  baseUrl,
  chunkedClient,
  expectNoLeftovers,
  holdUploads,
  MiB,
  multipart,
  myFiles,
  padPdf,
  postUpload,
  rawRequest,
  rowCounts,
  storedBlobs,
  upload,
  uploadTemps,
} from './upload-helpers.js';

/**
 * POST /api/file/user_upload on the free plan: every bad input and every limit, each with the
 * input just inside and just outside. A refused upload leaves no row, no job, no bytes, no temp file.
 */

const FREE = PLANS.trial;
const TOO_BIG = {
  error_msg: 'The free plan accepts files up to 3 MB; the institutional plan allows 200 MB per file.',
  code: 'quota_exceeded',
  reason: 'upload_bytes',
  limit: FREE.upload_max_bytes,
};
const COUNT_FULL = bodyOf(uploadCountSpent(FREE, FREE.upload_max_files));
const STORAGE_FULL = {
  error_msg:
    'This file would take your uploads past the 30 MB of storage your plan includes. Delete some files first.',
  code: 'quota_exceeded',
  reason: 'storage',
  limit: FREE.storage_bytes,
  // The test's second user holds 9 files of 3 MiB, one of them a byte larger.
  used: 27 * 1024 * 1024 + 1,
};

let lib: TestLibrary;
let me: TestUser;
beforeAll(async () => {
  lib = await openTestLibrary({
    TRUSTED_COUNTRY_HEADER: 'cf-ipcountry',
    // The races below need more uploads at once than one client may have (slow-uploads.test.ts).
    UPLOADS_AT_ONCE_PER_USER: '20',
    UPLOADS_AT_ONCE_PER_ADDRESS: '20',
  });
});
beforeEach(async () => {
  me = await trialUser(lib);
});
afterAll(() => lib.close());

/** What a refused call must leave as it was. */
const snapshot = async () => ({ rows: await rowCounts(lib.db), blobs: storedBlobs(lib) });
async function expectNothingStored(before: Awaited<ReturnType<typeof snapshot>>): Promise<void> {
  expect(await snapshot()).toEqual(before);
  await expectNoLeftovers(lib);
}

function expectQueued(r: { status: number; body: UploadResponse }, fileName: string, size: number): MyFile {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.duplicate).toBe(false);
  expect(r.body.file).toMatchObject({
    file_name: fileName,
    size_bytes: size,
    status: 'processing',
    visibility: 'private',
    fail_reason: null,
  });
  return r.body.file;
}

describe('bad input to /api/file/user_upload', () => {
  it('answers 401 without a token or with a stale one, and stores nothing', async () => {
    const before = await snapshot();
    const anon = await upload(lib, undefined, REAL_PDF);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(NOT_LOGGED_IN);
    const stale = await upload(lib, 'not-a-token', REAL_PDF);
    expect(stale.status).toBe(401);
    await expectNothingStored(before);
  });

  it("answers 400 'Please choose a file first' without a `file` part", async () => {
    const before = await snapshot();
    const bodies = [
      await multipart([{ name: 'title', value: 'no file here' }]),
      await multipart([{ name: 'document', value: REAL_PDF, fileName: 'r.pdf' }]),
      { payload: Buffer.from('{}'), contentType: 'application/json' },
    ];
    for (const body of bodies) {
      const r = await postUpload(lib, body, { token: me.token });
      expect400(r, 'file');
      expect(r.body).toMatchObject({ error_msg: 'Please choose a file first' });
    }
    await expectNothingStored(before);
  });

  it("answers 'Please choose a file first' to a browser's empty file input", async () => {
    const before = await snapshot();
    // What a browser sends for <input type=file> with nothing chosen (undici's FormData cannot).
    const boundary = '----empty-input';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`,
    );
    const r = await postUpload(
      lib,
      { payload, contentType: `multipart/form-data; boundary=${boundary}` },
      {
        token: me.token,
      },
    );
    expect400(r, 'file');
    expect(r.body).toMatchObject({ error_msg: 'Please choose a file first' });
    await expectNothingStored(before);
  });

  it('answers 400, not 500, to a body that is not valid multipart, and keeps no temporary file', async () => {
    const before = await snapshot();
    const good = await multipart([{ name: 'file', value: REAL_PDF, fileName: 'r.pdf' }]);
    const boundary = good.contentType.split('boundary=')[1] ?? '';
    const bodies = [
      // Cut short inside the file's bytes (the part stream fails while it is being stored).
      { payload: good.payload.subarray(0, 20_000), contentType: good.contentType },
      // Cut short after the part's headers, no boundary in the header, another boundary, no parts.
      {
        payload: good.payload.subarray(0, good.payload.indexOf('\r\n\r\n') + 2),
        contentType: good.contentType,
      },
      { payload: good.payload, contentType: 'multipart/form-data' },
      { payload: good.payload, contentType: 'multipart/form-data; boundary=not-the-one' },
      { payload: Buffer.from(`--${boundary}\r\ngarbage`), contentType: good.contentType },
    ];
    for (const body of bodies) {
      const r = await postUpload(lib, body, { token: me.token });
      expect400(r, 'file');
      expect(r.body).toMatchObject({ error_msg: MESSAGES.brokenUpload.en });
    }
    await expectNothingStored(before);
  });

  it('keeps nothing of an upload whose connection dropped half way', async () => {
    const before = await snapshot();
    const body = await multipart([{ name: 'file', value: padPdf(REAL_PDF, 2 * MiB, 9), fileName: 'r.pdf' }]);
    const { req, closed } = rawRequest(`${await baseUrl(lib)}/api/file/user_upload`, 'POST', {
      authorization: `Bearer ${me.token}`,
      'content-type': body.contentType,
      'content-length': String(body.payload.length),
    });
    req.write(body.payload.subarray(0, MiB));
    // Drop the connection once the server is storing the part, then wait for it to clean up.
    await waitFor('the upload to be under way', () => uploadTemps(lib).length === 1);
    req.destroy();
    await closed;
    await waitFor('the temporary file to be removed', () => uploadTemps(lib).length === 0);
    await expectNothingStored(before);
  });

  it('refuses an empty file that has a name: not a PDF', async () => {
    const before = await snapshot();
    const r = await upload(lib, me.token, new Uint8Array(0), 'empty.pdf');
    expect400(r);
    expect(r.body).toEqual({ error_msg: 'The file is empty', code: 'not_pdf' });
    await expectNothingStored(before);
  });

  it('judges by content: HTML named .pdf is refused, a PDF named .txt is accepted', async () => {
    const before = await snapshot();
    for (const bytes of [Buffer.from('<html><body>report</body></html>'), Buffer.alloc(5000, 0xff)]) {
      const r = await upload(lib, me.token, bytes, 'report.pdf');
      expect400(r);
      expect(r.body).toEqual({ error_msg: 'The file is not a PDF', code: 'not_pdf' });
    }
    await expectNothingStored(before);

    const body = await multipart([
      { name: 'file', value: REAL_PDF, fileName: 'notes.txt', type: 'text/plain' },
    ]);
    expectQueued(await postUpload(lib, body, { token: me.token }), 'notes.txt', REAL_PDF.length);
    expect(await rowCounts(lib.db)).toMatchObject({
      files: before.rows.files + 1,
      jobs: before.rows.jobs + 1,
    });
    await expectNoLeftovers(lib);
  });

  it('keeps only the base name of a path-like file name', async () => {
    const r = await upload(
      lib,
      me.token,
      padPdf(REAL_PDF, REAL_PDF.length + 20, 1),
      '../../etc/研究 报告.pdf',
    );
    expectQueued(r, '研究 报告.pdf', REAL_PDF.length + 20);
  });

  it('is closed in region cn (403 with the region message) and open elsewhere', async () => {
    const before = await snapshot();
    const cn = await upload(lib, me.token, REAL_PDF, 'report.pdf', { 'cf-ipcountry': 'CN' });
    expect(cn.status).toBe(403);
    expect(cn.body).toEqual({ error_msg: REGION_MESSAGE, code: 'region_restricted', reason: 'region' });
    const init = await chunkedClient(lib).init(me.token, 'big.pdf', 1000);
    expect(init.status).toBe(200);
    const initCn = await call(
      lib.app,
      '/api/file/user_upload/init',
      { file_name: 'big.pdf', size_bytes: 1000 },
      { token: me.token, headers: { 'cf-ipcountry': 'CN' } },
    );
    expect(initCn.status).toBe(403);
    expect(initCn.body).toEqual({ error_msg: REGION_MESSAGE, code: 'region_restricted', reason: 'region' });
    await chunkedClient(lib).cancel(me.token, init.body.upload_id);
    await expectNothingStored(before);

    const de = await upload(lib, me.token, REAL_PDF, 'report.pdf', { 'cf-ipcountry': 'DE' });
    expectQueued(de, 'report.pdf', REAL_PDF.length);
  });
});

describe('free plan limits', () => {
  it('accepts a file of exactly 3 MiB and refuses 3 MiB + 1 byte (403 quota_exceeded)', async () => {
    expect(FREE.upload_max_bytes).toBe(3 * MiB);
    const exact = padPdf(REAL_PDF, 3 * MiB, 1);
    expectQueued(await upload(lib, me.token, exact, 'exact.pdf'), 'exact.pdf', 3 * MiB);

    const before = await snapshot();
    // Just over (streamed, then refused) and far over (refused from Content-Length, unread).
    for (const size of [3 * MiB + 1, 5 * MiB]) {
      const r = await upload(lib, me.token, padPdf(REAL_PDF, size, 2), 'over.pdf');
      expect(r.status, String(size)).toBe(403);
      expect(r.body).toEqual(TOO_BIG);
    }
    await expectNothingStored(before);
  });

  it('checks the declared size of a chunked upload against the same limit', async () => {
    const chunked = chunkedClient(lib);
    const ok = await chunked.init(me.token, 'exact.pdf', 3 * MiB);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ size_bytes: 3 * MiB, received_bytes: 0, chunk_size: 64 * 1024 });
    const over = await chunked.init(me.token, 'over.pdf', 3 * MiB + 1);
    expect(over.status).toBe(403);
    expect(over.body).toEqual(TOO_BIG);
    await chunked.cancel(me.token, ok.body.upload_id);
  });

  it('accepts the 10th file and refuses the 11th', async () => {
    await holdUploads(lib.db, me.id, FREE.upload_max_files - 1, 1000);
    expectQueued(await upload(lib, me.token, REAL_PDF, 'tenth.pdf'), 'tenth.pdf', REAL_PDF.length);
    const usage = (await myFiles(lib, me.token)).body.usage;
    expect(usage).toMatchObject({ files: 10, max_files: 10, max_file_bytes: 3 * MiB });

    const before = await snapshot();
    const eleventh = await upload(lib, me.token, padPdf(REAL_PDF, REAL_PDF.length + 100, 3), 'eleventh.pdf');
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toEqual(COUNT_FULL);
    const init = await chunkedClient(lib).init(me.token, 'eleventh.pdf', 1000);
    expect(init.status).toBe(403);
    expect(init.body).toEqual(COUNT_FULL);
    await expectNothingStored(before);
  });

  it('counts failed uploads against the 10 files until they are deleted', async () => {
    await holdUploads(lib.db, me.id, FREE.upload_max_files, 1000);
    const one = await lib.db
      .selectFrom('files')
      .select('id')
      .where('owner_id', '=', me.id)
      .executeTakeFirstOrThrow();
    await lib.db.updateTable('files').set({ status: 'failed' }).where('id', '=', one.id).execute();
    const refused = await upload(lib, me.token, REAL_PDF);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(COUNT_FULL);
    // The owner deletes it (the row alone here: held rows have no bytes; upload-failed-quota.test.ts
    // deletes a real failed upload through the API).
    await lib.db.deleteFrom('files').where('id', '=', one.id).execute();
    expectQueued(await upload(lib, me.token, REAL_PDF, 'again.pdf'), 'again.pdf', REAL_PDF.length);
  });

  it('fills the 30 MB of storage exactly, and refuses one byte more', async () => {
    expect(FREE.storage_bytes).toBe(30 * MiB);
    // Nine held files of 3 MiB (one a byte larger for the second user: bytes kept from a paid past).
    await holdUploads(lib.db, me.id, 9, 3 * MiB);
    const full = padPdf(REAL_PDF, 3 * MiB, 4);
    expectQueued(await upload(lib, me.token, full, 'last.pdf'), 'last.pdf', 3 * MiB);

    const other = await trialUser(lib);
    await holdUploads(lib.db, other.id, 8, 3 * MiB);
    await holdUploads(lib.db, other.id, 1, 3 * MiB + 1);
    const before = await snapshot();
    const r = await upload(lib, other.token, full, 'last.pdf');
    expect(r.status).toBe(403);
    expect(r.body).toEqual(STORAGE_FULL);
    await expectNothingStored(before);
  });

  describe('a chunked upload accepted at init keeps its room until complete', () => {
    /** Opens a chunked upload of `bytes` and sends all of it, leaving it to complete. */
    async function openFull(user: TestUser, bytes: Uint8Array, name: string): Promise<string> {
      const chunked = chunkedClient(lib);
      const init = await chunked.init(user.token, name, bytes.length);
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      const { upload_id: id, chunk_size: size } = init.body;
      for (let off = 0; off < bytes.length; off += size) {
        const r = await chunked.chunk(user.token, id, off, bytes.subarray(off, off + size));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      return id;
    }

    it('against one-request uploads taking the storage meanwhile', async () => {
      const bytes = padPdf(REAL_PDF, 200 * 1024, 6);
      // Room for exactly this upload (bytes kept from a paid past, in one row).
      await holdUploads(lib.db, me.id, 1, FREE.storage_bytes - bytes.length);
      const id = await openFull(me, bytes, 'kept.pdf');

      const before = await snapshot();
      const meanwhile = await upload(lib, me.token, REAL_PDF, 'meanwhile.pdf');
      expect(meanwhile.status, JSON.stringify(meanwhile.body)).toBe(403);
      expect(meanwhile.body).toEqual({ ...STORAGE_FULL, used: FREE.storage_bytes });
      expect(await snapshot()).toEqual(before);

      const done = await chunkedClient(lib).complete(me.token, id);
      expectQueued(done, 'kept.pdf', bytes.length);
      expect((await myFiles(lib, me.token)).body.usage.bytes).toBe(FREE.storage_bytes);
      await expectNoLeftovers(lib);
    });

    it('against one-request uploads taking the last files meanwhile', async () => {
      await holdUploads(lib.db, me.id, FREE.upload_max_files - 2, 1000);
      const bytes = padPdf(REAL_PDF, REAL_PDF.length + 100, 7);
      const id = await openFull(me, bytes, 'kept.pdf');
      // The ninth file and this upload make ten: the one after is refused, not the upload.
      expectQueued(await upload(lib, me.token, REAL_PDF, 'ninth.pdf'), 'ninth.pdf', REAL_PDF.length);
      const before = await snapshot();
      const eleventh = await upload(lib, me.token, padPdf(REAL_PDF, REAL_PDF.length + 100, 8), 'more.pdf');
      expect(eleventh.status, JSON.stringify(eleventh.body)).toBe(403);
      expect(eleventh.body).toEqual(COUNT_FULL);
      expect(await snapshot()).toEqual(before);

      expectQueued(await chunkedClient(lib).complete(me.token, id), 'kept.pdf', bytes.length);
      expect((await myFiles(lib, me.token)).body.usage.files).toBe(FREE.upload_max_files);
      await expectNoLeftovers(lib);
    });

    it('but no longer once it is cancelled', async () => {
      const bytes = padPdf(REAL_PDF, 200 * 1024, 9);
      await holdUploads(lib.db, me.id, 1, FREE.storage_bytes - bytes.length);
      const id = await openFull(me, bytes, 'dropped.pdf');
      expect((await upload(lib, me.token, REAL_PDF)).status).toBe(403);
      expect((await chunkedClient(lib).cancel(me.token, id)).status).toBe(200);
      const small = padPdf(REAL_PDF, REAL_PDF.length + 100, 10);
      expectQueued(await upload(lib, me.token, small, 'after.pdf'), 'after.pdf', small.length);
      await expectNoLeftovers(lib);
    });
  });

  it('gives an expired paid plan the free limits', async () => {
    const lapsed = await userWithToken(lib, { level: 'paid_v0', expires: '2026-01-01T00:00:00.000Z' });
    const r = await upload(lib, lapsed.token, padPdf(REAL_PDF, 3 * MiB + 1, 5));
    expect(r.status).toBe(403);
    expect(r.body).toEqual(TOO_BIG);
  });
});

describe('uploads at the same time', () => {
  it('never let more than 10 files in on the free plan', async () => {
    const files = Array.from({ length: 14 }, (_, i) => padPdf(REAL_PDF, REAL_PDF.length + 100, 1000 + i));
    const answers = await Promise.all(files.map((bytes, i) => upload(lib, me.token, bytes, `f${i}.pdf`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of answers.filter((x) => x.status !== 200))
      expect(r).toEqual({ status: 403, body: COUNT_FULL });
    expect((await myFiles(lib, me.token)).body.total_items).toBe(10);
    await expectNoLeftovers(lib);
  });

  it('store the same content once when sent several times at once', async () => {
    const bytes = padPdf(REAL_PDF, REAL_PDF.length + 100, 2000);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => upload(lib, me.token, bytes, `same-${i}.pdf`)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.file.id)).size).toBe(1);
    expect(answers.filter((r) => !r.body.duplicate)).toHaveLength(1);
    expect((await myFiles(lib, me.token)).body.total_items).toBe(1);
    await expectNoLeftovers(lib);
  });

  it('let exactly one in when a user one file below the limit sends 10 at once to two instances', async () => {
    const second = await openSecondInstance(lib);
    try {
      await holdUploads(lib.db, me.id, FREE.upload_max_files - 1, 1000);
      const files = Array.from({ length: 10 }, (_, i) => padPdf(REAL_PDF, REAL_PDF.length + 100, 3000 + i));
      const answers = await Promise.all(
        files.map((bytes, i) => upload(i % 2 ? second : lib, me.token, bytes, `race-${i}.pdf`)),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 200))
        expect(r).toEqual({ status: 403, body: COUNT_FULL });
      const mine = (await myFiles(lib, me.token)).body;
      expect(mine.total_items).toBe(FREE.upload_max_files);
      expect(mine.usage.files).toBe(FREE.upload_max_files);
      await expectNoLeftovers(lib);
    } finally {
      await second.close();
    }
  });
});

describe('the same content twice', () => {
  it('answers duplicate: true with the first file, and stores nothing new', async () => {
    const first = expectQueued(await upload(lib, me.token, REAL_PDF, 'a.pdf'), 'a.pdf', REAL_PDF.length);
    const before = await snapshot();
    const again = await upload(lib, me.token, REAL_PDF, 'b.pdf');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ file: first, duplicate: true });
    await expectNothingStored(before);
    expect((await myFiles(lib, me.token)).body.usage.files).toBe(1);
  });
});
