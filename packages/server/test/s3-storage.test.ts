import { createHash } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadResponse, FileDetailResponse } from '@rl/contract';
import { createS3Client } from '../src/platform/storage/s3.js';
import { relativePathOf } from '../src/platform/storage/types.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF } from './library-helpers.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { MiB, myFiles, padPdf, storedBlobs, upload } from './upload-helpers.js';

/**
 * A library whose PDFs live in an S3-compatible bucket (STORAGE_URL=s3://..., a real s3rver on
 * 127.0.0.1): an upload through the API is stored there (a multipart upload: it is larger than a
 * part), ingested from there, previewed and downloaded by byte ranges, and removed with its file.
 */

let s3: TestS3Server;
let lib: TestLibrary;
beforeAll(async () => {
  s3 = await startS3Server();
  lib = await openTestLibrary({ ...s3.env(), PDF_TIMEOUT_MS: '20000' }, { jobs: true });
});
afterAll(async () => {
  await lib?.close();
  await s3?.stop();
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('PDFs in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, serves ranges of it to the viewer and downloads, and removes it', async () => {
    const settings = lib.config.storage;
    if (settings.kind !== 's3') throw new Error(`expected the s3 store, got ${settings.kind}`);
    const bucket = createS3Client(settings);
    const objectSize = async (sha: string) => {
      const Key = settings.prefix + relativePathOf(sha);
      try {
        return (await bucket.send(new HeadObjectCommand({ Bucket: settings.bucket, Key }))).ContentLength;
      } catch (err) {
        if ((err as { name?: string }).name === 'NotFound') return null;
        throw err;
      }
    };

    const me = await paidUser(lib);
    const bytes = padPdf(REAL_PDF, 9 * MiB + 123, 1); // over the 8 MiB part size
    const up = await upload(lib, me.token, bytes, 'in the bucket.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const fileId = up.body.file.id;
    await lib.runner!.idle();
    const mine = (await myFiles(lib, me.token)).body.file_list.find((f) => f.id === fileId);
    expect(mine).toMatchObject({ status: 'ready', size_bytes: bytes.length });

    const sha = sha256(bytes);
    expect(await objectSize(sha)).toBe(bytes.length);
    expect(storedBlobs(lib)).toEqual([]); // nothing under DATA_DIR/files
    expect((await lib.storage.entries()).map((e) => e.sha256)).toEqual([sha]);

    // The viewer's preview link: a range (as pdf.js asks), then the whole file.
    const detail = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: fileId },
      { token: me.token },
    );
    const preview = detail.body.file_info.encrypted_file_url;
    const auth = { authorization: `Bearer ${me.token}` };
    const head = await lib.app.inject({
      method: 'GET',
      url: preview,
      headers: { ...auth, range: 'bytes=0-65535' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-65535/${bytes.length}`);
    expect(sha256(head.rawPayload)).toBe(sha256(bytes.subarray(0, 65_536)));
    const whole = await lib.app.inject({ method: 'GET', url: preview, headers: auth });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(bytes.length);
    expect(sha256(whole.rawPayload)).toBe(sha);

    // A download resumed across the boundary of the first two parts.
    const link = await call<DownloadResponse>(
      lib.app,
      '/api/file/download',
      { file_id: fileId },
      { token: me.token },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const [from, to] = [8 * MiB - 1000, 8 * MiB + 999];
    const part = await lib.app.inject({
      method: 'GET',
      url: link.body.download_url,
      headers: { ...auth, range: `bytes=${from}-${to}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('2000');
    expect(part.headers['content-range']).toBe(`bytes ${from}-${to}/${bytes.length}`);
    expect(Buffer.compare(part.rawPayload, bytes.subarray(from, to + 1))).toBe(0);

    // Deleting the file removes its object (removeUnless on S3: copy aside, delete, check, drop).
    const gone = await call(lib.app, '/api/file/myfiles/delete', { file_id: fileId }, { token: me.token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await objectSize(sha)).toBeNull();
    expect(await lib.storage.entries()).toEqual([]);
    bucket.destroy();
  });
});
