import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLANS, UPLOAD_DEFAULT_CHUNK, type FileDetailResponse } from '@rl/contract';
import { UPLOAD_SESSIONS_MAX } from '../src/modules/uploads/chunked.js';
import { sweepUploads } from '../src/modules/uploads/sweep.js';
import { createUploadDir } from '../src/modules/uploads/temp-files.js';
import { uploadCountSpent } from '../src/modules/quota/walls.js';
import { bodyOf } from './wall-bodies.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { openSecondInstance } from './second-instance.js';
import { expect400, NOT_LOGGED_IN, paidUser, REAL_PDF, type TestUser } from './library-helpers.js';
import {
  baseUrl,
  chunkedClient,
  expectNoLeftovers,
  holdUploads,
  landedBytes,
  MiB,
  myFiles,
  padPdf,
  rawRequest,
  uploadTemps,
} from './upload-helpers.js';

/**
 * Chunked, resumable uploads (init, PUT chunk, status, complete, cancel) on the paid plan, with the
 * job runner ingesting what completes.
 */

const NOW = '2026-11-21T10:00:00.000Z';
const CHUNK = UPLOAD_DEFAULT_CHUNK;
const PAID = PLANS.paid_v0;
const UPLOAD_NOT_FOUND = { error_msg: 'Upload not found', code: 'not_found' };
const TOO_LARGE = {
  error_msg: 'The file is larger than 200 MB, the most your plan accepts',
  code: 'too_large',
};
let salt = 100;
/** A distinct real PDF of five full chunks and a short last one. */
const pdf = () => padPdf(REAL_PDF, 5 * CHUNK + 1234, salt++);

let lib: TestLibrary;
let me: TestUser;
let api: ReturnType<typeof chunkedClient>;
beforeAll(async () => {
  // Twenty writers race for one offset below: more chunk bodies at once than a client may send
  // (chunk-bodies.test.ts tests that bound), let in here so that the claims decide.
  lib = await openTestLibrary(
    { CHUNKS_AT_ONCE_PER_USER: '20', CHUNKS_AT_ONCE_PER_ADDRESS: '20' },
    { jobs: true },
  );
  api = chunkedClient(lib);
});
beforeEach(async () => {
  lib.clock.set(NOW);
  me = await paidUser(lib);
});
afterAll(() => lib.close());

const partPath = (id: string) => join(lib.dir, 'uploads', `${id}.part`);
const landed = (id: string) => landedBytes(lib, id);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Sends bytes [from, to) of `bytes` chunk by chunk, checking each answer. */
async function send(
  token: string,
  id: string,
  bytes: Uint8Array,
  from = 0,
  to = bytes.length,
): Promise<void> {
  for (let off = from; off < to; off += CHUNK) {
    const r = await api.chunk(token, id, off, bytes.subarray(off, Math.min(off + CHUNK, bytes.length)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.received_bytes).toBe(Math.min(off + CHUNK, bytes.length));
  }
}

async function start(bytes: Uint8Array, name = 'big.pdf', user = me): Promise<string> {
  const r = await api.init(user.token, name, bytes.length);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.upload_id;
}

/** Completes, lets the runner ingest, and checks the stored PDF is byte for byte what was sent. */
async function completeAndCheck(id: string, bytes: Uint8Array, user = me): Promise<string> {
  const done = await api.complete(user.token, id);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body).toMatchObject({
    duplicate: false,
    file: { status: 'processing', size_bytes: bytes.length },
  });
  expect(existsSync(partPath(id))).toBe(false);
  expect((await api.status(user.token, id)).status).toBe(404);
  await lib.runner!.idle();
  const fileId = done.body.file.id;
  const mine = (await myFiles(lib, user.token)).body.file_list.find((f) => f.id === fileId);
  expect(mine).toMatchObject({ status: 'ready', page_count: 1 });
  const row = await lib.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
  expect(row.sha256).toBe(sha(bytes));
  const d = await call<FileDetailResponse>(
    lib.app,
    '/api/file/file_detail',
    { file_id: fileId },
    { token: user.token },
  );
  const res = await lib.app.inject({
    method: 'GET',
    url: d.body.file_info.encrypted_file_url,
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(sha(res.rawPayload)).toBe(sha(bytes));
  return fileId;
}

describe('a chunked upload', () => {
  it('goes init, chunks, complete, and ends ingested', async () => {
    const bytes = pdf();
    const init = await api.init(me.token, 'annual report.pdf', bytes.length);
    expect(init.body).toMatchObject({
      file_name: 'annual report.pdf',
      size_bytes: bytes.length,
      chunk_size: CHUNK,
      received_bytes: 0,
      expires_time: '2026-11-22T10:00:00.000Z',
    });
    const id = init.body.upload_id;
    await send(me.token, id, bytes, 0, 2 * CHUNK);
    expect(landed(id).length).toBe(2 * CHUNK);
    expect((await api.status(me.token, id)).body).toMatchObject({ received_bytes: 2 * CHUNK });
    await send(me.token, id, bytes, 2 * CHUNK);
    await completeAndCheck(id, bytes);
    await expectNoLeftovers(lib);
  });

  it('answers duplicate: true for content I already have, and drops the upload', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes);
    const first = await completeAndCheck(id, bytes);
    const again = await start(bytes, 'again.pdf');
    await send(me.token, again, bytes);
    const r = await api.complete(me.token, again);
    expect(r.body).toMatchObject({
      duplicate: true,
      file: { id: first, file_name: 'big.pdf', status: 'ready' },
    });
    expect((await api.status(me.token, again)).status).toBe(404);
    expect((await myFiles(lib, me.token)).body.total_items).toBe(1);
    await expectNoLeftovers(lib);
  });

  it('completes once when complete is sent twice and cancel once, all at the same time', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes);
    const answers = await Promise.all([
      api.complete(me.token, id),
      api.complete(me.token, id),
      api.cancel(me.token, id),
    ]);
    // Exactly one of the three takes effect. Which one is the first to claim the upload in the
    // database (on PostgreSQL the requests run on several connections, so the cancel may be it);
    // the others find it being completed (409) or already gone (404).
    const done = answers.filter((r) => r.status === 200);
    expect(done, JSON.stringify(answers)).toHaveLength(1);
    const completed = done[0] !== answers[2];
    if (completed)
      expect(done[0]?.body).toMatchObject({ duplicate: false, file: { size_bytes: bytes.length } });
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.body).toEqual(
        r.status === 404
          ? UPLOAD_NOT_FOUND
          : { error_msg: 'The upload is being completed', code: 'conflict', received_bytes: bytes.length },
      );
    }
    expect((await myFiles(lib, me.token)).body.total_items).toBe(completed ? 1 : 0);
    expect((await api.status(me.token, id)).status).toBe(404);
    await lib.runner!.idle();
    await expectNoLeftovers(lib);
  });

  it('answers 409 with received_bytes to a chunk at the wrong offset', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, CHUNK);
    for (const offset of [0, 2 * CHUNK]) {
      const r = await api.chunk(me.token, id, offset, bytes.subarray(offset, offset + CHUNK));
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        error_msg: `The upload continues at byte ${CHUNK}`,
        code: 'conflict',
        received_bytes: CHUNK,
      });
    }
    expect(landed(id).length).toBe(CHUNK);
    const early = await api.complete(me.token, id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'conflict', received_bytes: CHUNK });
    await send(me.token, id, bytes, CHUNK);
    await completeAndCheck(id, bytes);
  });

  it('resumes from received_bytes after the connection dropped in the middle of a chunk', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, 2 * CHUNK);
    // A real socket that dies after half of the third chunk.
    const url = `${await baseUrl(lib)}/api/file/user_upload/chunk?upload_id=${id}&offset=${2 * CHUNK}`;
    const { req, closed } = rawRequest(url, 'PUT', {
      authorization: `Bearer ${me.token}`,
      'content-type': 'application/octet-stream',
      'content-length': String(CHUNK),
    });
    req.write(bytes.subarray(2 * CHUNK, 2 * CHUNK + CHUNK / 2), () => req.destroy());
    await closed;
    const status = await api.status(me.token, id);
    expect(status.body.received_bytes).toBe(2 * CHUNK);
    await send(me.token, id, bytes, status.body.received_bytes);
    await completeAndCheck(id, bytes);
  });

  it('refuses chunks of the wrong size (400) or type (415) and keeps the upload where it was', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, CHUNK);
    const bad = [
      bytes.subarray(CHUNK, 2 * CHUNK - 1), // short, not the last
      bytes.subarray(CHUNK, 2 * CHUNK + 1), // long
      new Uint8Array(0), // empty
      new Uint8Array(bytes.length), // past the declared size
    ];
    for (const chunk of bad) {
      const r = await api.chunk(me.token, id, CHUNK, chunk);
      expect400(r, 'body');
    }
    const typed = await lib.app.inject({
      method: 'PUT',
      url: `/api/file/user_upload/chunk?upload_id=${id}&offset=${CHUNK}`,
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes.subarray(CHUNK, 2 * CHUNK)),
    });
    expect(typed.statusCode).toBe(415);
    expect(typed.json()).toMatchObject({
      error_msg: 'Unsupported content type: send application/octet-stream',
    });
    expect((await api.status(me.token, id)).body.received_bytes).toBe(CHUNK);
    expect(landed(id).length).toBe(CHUNK);
    await send(me.token, id, bytes, CHUNK);
    await completeAndCheck(id, bytes);
  });

  it('drops the upload when its first chunk is not a PDF', async () => {
    const id = await start(new Uint8Array(3 * CHUNK));
    const r = await api.chunk(me.token, id, 0, Buffer.alloc(CHUNK, '<html>'));
    expect400(r);
    expect(r.body).toEqual({ error_msg: 'The file is not a PDF', code: 'not_pdf' });
    expect((await api.status(me.token, id)).status).toBe(404);
    expect(existsSync(partPath(id))).toBe(false);
    await expectNoLeftovers(lib);
  });

  it('is cancelled with its part file', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, 2 * CHUNK);
    expect(existsSync(partPath(id))).toBe(true);
    expect((await api.cancel(me.token, id)).body).toEqual({ ok: true });
    expect(existsSync(partPath(id))).toBe(false);
    for (const r of [
      await api.status(me.token, id),
      await api.chunk(me.token, id, 2 * CHUNK, bytes.subarray(2 * CHUNK, 3 * CHUNK)),
      await api.complete(me.token, id),
      await api.cancel(me.token, id),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(UPLOAD_NOT_FOUND);
    }
    await expectNoLeftovers(lib);
  });

  it('is its owner’s: another user gets 404, a visitor 401', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, CHUNK);
    const other = await paidUser(lib);
    for (const r of [
      await api.status(other.token, id),
      await api.chunk(other.token, id, CHUNK, bytes.subarray(CHUNK, 2 * CHUNK)),
      await api.complete(other.token, id),
      await api.cancel(other.token, id),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(UPLOAD_NOT_FOUND);
    }
    for (const r of [
      await api.status(undefined, id),
      await api.chunk(undefined, id, CHUNK, bytes.subarray(CHUNK, 2 * CHUNK)),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual(NOT_LOGGED_IN);
    }
    expect((await api.status(me.token, id)).body.received_bytes).toBe(CHUNK);
    await send(me.token, id, bytes, CHUNK);
    await completeAndCheck(id, bytes);
  });

  it('expires a day after its last chunk; the sweep removes its part file', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, CHUNK);
    lib.clock.set('2026-11-22T09:59:59.000Z');
    expect((await api.status(me.token, id)).status).toBe(200);
    lib.clock.set('2026-11-22T10:00:00.000Z');
    expect((await api.status(me.token, id)).body).toEqual(UPLOAD_NOT_FOUND);
    const swept = await sweepUploads({
      db: lib.db,
      dir: createUploadDir(join(lib.dir, 'uploads')),
      clock: lib.clock,
    });
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(existsSync(partPath(id))).toBe(false);
    expect(uploadTemps(lib)).toEqual([]);
  });

  it(`allows ${UPLOAD_SESSIONS_MAX} uploads under way at once (429 beyond)`, async () => {
    const ids = [];
    for (let i = 0; i < UPLOAD_SESSIONS_MAX; i++) ids.push(await start(new Uint8Array(1000)));
    const r = await api.init(me.token, 'one-more.pdf', 1000);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'too_many_requests' });
    await api.cancel(me.token, ids[0]!);
    expect((await api.init(me.token, 'one-more.pdf', 1000)).status).toBe(200);
  });
});

describe('paid plan limits', () => {
  it('accepts a declared 200 MB file and refuses one byte more (413)', async () => {
    expect(PAID.upload_max_bytes).toBe(200 * MiB);
    const ok = await api.init(me.token, 'huge.pdf', 200 * MiB);
    expect(ok.status).toBe(200);
    expect(ok.body.chunk_size).toBe(10 * MiB);
    const over = await api.init(me.token, 'huge.pdf', 200 * MiB + 1);
    expect(over.status).toBe(413);
    expect(over.body).toEqual(TOO_LARGE);
  });

  it('refuses a one-request upload over 200 MB from its Content-Length, before its bytes arrive', async () => {
    const boundary = 'big-upload';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n\r\n`;
    const { req, response } = rawRequest(`${await baseUrl(lib)}/api/file/user_upload`, 'POST', {
      authorization: `Bearer ${me.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(PAID.upload_max_bytes + MiB),
    });
    // Only the first bytes are ever sent: the answer must not wait for the rest.
    req.write(Buffer.concat([Buffer.from(head), Buffer.from(REAL_PDF)]));
    const answer = await response;
    req.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    expect(uploadTemps(lib)).toEqual([]);
  });

  it('accepts the 1000th file and refuses the 1001st', async () => {
    await holdUploads(lib.db, me.id, PAID.upload_max_files - 1, 1000);
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes);
    await completeAndCheck(id, bytes);
    expect((await myFiles(lib, me.token)).body.usage).toMatchObject({ files: 1000, max_files: 1000 });
    const r = await api.init(me.token, 'more.pdf', 1000);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(bodyOf(uploadCountSpent(PAID, PAID.upload_max_files)));
  });

  it('fills the 200 GB of storage exactly, refuses one byte more, and checks again at complete', async () => {
    const bytes = pdf();
    const fill = async (user: TestUser, free: number) => {
      await holdUploads(lib.db, user.id, 1, 100 * 1024 * MiB);
      await holdUploads(lib.db, user.id, 1, PAID.storage_bytes - 100 * 1024 * MiB - free);
    };
    const storageFull = {
      error_msg:
        'This file would take your uploads past the 200 GB of storage your plan includes. Delete some files first.',
      code: 'quota_exceeded',
      reason: 'storage',
      limit: PAID.storage_bytes,
      used: PAID.storage_bytes - bytes.length + 1,
    };
    // The text the file yields counts too, once it is read: measured on a user with room to spare.
    const measuring = await paidUser(lib);
    const measured = await start(bytes, 'measure.pdf', measuring);
    await send(measuring.token, measured, bytes);
    const measuredId = await completeAndCheck(measured, bytes, measuring);
    const { text_bytes: text } = await lib.db
      .selectFrom('files')
      .select('text_bytes')
      .where('id', '=', measuredId)
      .executeTakeFirstOrThrow();
    expect(text).toBeGreaterThan(0);

    // Room for exactly this file and its text.
    await fill(me, bytes.length + text);
    const id = await start(bytes);
    await send(me.token, id, bytes);
    await completeAndCheck(id, bytes);

    // One byte short.
    const other = await paidUser(lib);
    await fill(other, bytes.length - 1);
    const refused = await api.init(other.token, 'big.pdf', bytes.length);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(storageFull);

    // Room at init, none at complete (another upload took it): refused, the upload kept for a retry.
    const third = await paidUser(lib);
    await fill(third, bytes.length + text);
    const late = await start(bytes, 'late.pdf', third);
    await send(third.token, late, bytes);
    await holdUploads(lib.db, third.id, 1, text + 1);
    const r = await api.complete(third.token, late);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(storageFull);
    expect((await api.status(third.token, late)).body.received_bytes).toBe(bytes.length);
    await lib.db
      .deleteFrom('files')
      .where('owner_id', '=', third.id)
      .where('size_bytes', '=', text + 1)
      .execute();
    await completeAndCheck(late, bytes, third);
    await expectNoLeftovers(lib);
  });
});

describe('chunks sent at once for one offset', () => {
  /** The same chunk with other bytes after the first KiB (so it still starts like a PDF). */
  const impostor = (chunk: Uint8Array, fill: number) => Buffer.from(chunk).fill(fill, 1024);

  it('land exactly once, whichever of two instances gets them: one 200, the bytes of its body', async () => {
    const second = await openSecondInstance(lib);
    const apis = [api, chunkedClient(second)];
    try {
      for (let trial = 0; trial < 10; trial++) {
        const bytes = pdf();
        const id = await start(bytes);
        // Odd trials race the second chunk, even ones the first (which opens the part file).
        const offset = trial % 2 ? CHUNK : 0;
        await send(me.token, id, bytes, 0, offset);
        const real = bytes.subarray(offset, offset + CHUNK);
        const bodies = [real, impostor(real, 0x41 + trial)];
        // 20 PUTs: both bodies to both instances.
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            apis[i % 2]!.chunk(me.token, id, offset, bodies[(i >> 1) % 2]!),
          ),
        );
        const won = answers.flatMap((r, i) => (r.status === 200 ? [i] : []));
        expect(won, JSON.stringify(answers.map((r) => r.status))).toHaveLength(1);
        for (const r of answers.filter((x) => x.status !== 200)) {
          expect(r.status, JSON.stringify(r.body)).toBe(409);
          expect([offset, offset + CHUNK]).toContain(r.body.received_bytes);
        }
        const winner = bodies[(won[0]! >> 1) % 2]!;
        const stored = landed(id);
        expect(stored.length).toBe(offset + CHUNK);
        expect(sha(stored)).toBe(sha(Buffer.concat([bytes.subarray(0, offset), winner])));
        expect((await api.status(me.token, id)).body.received_bytes).toBe(offset + CHUNK);
        expect((await api.cancel(me.token, id)).status).toBe(200);
      }
    } finally {
      await second.close();
    }
    await expectNoLeftovers(lib);
  });

  it('wait for a live claim of another writer, and go through once a dead writer’s claim ran out', async () => {
    const bytes = pdf();
    const id = await start(bytes);
    await send(me.token, id, bytes, 0, CHUNK);
    const claimBy = (until: string) =>
      lib.db
        .updateTable('upload_sessions')
        .set({ claimed_by: 'a-writer-on-another-instance', claimed_until: until })
        .where('id', '=', id)
        .execute();
    const next = bytes.subarray(CHUNK, 2 * CHUNK);
    // Claimed (by the database's clock) until well after this test.
    await claimBy('9999-01-01T00:00:00.000Z');
    const busy = await api.chunk(me.token, id, CHUNK, next);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({
      error_msg: 'A chunk at this offset is being written; try again shortly',
      code: 'conflict',
      received_bytes: CHUNK,
    });
    expect((await api.cancel(me.token, id)).status).toBe(409);
    expect((await api.complete(me.token, id)).status).toBe(409);
    // Its writer died: the claim ran out a moment ago.
    await claimBy('2000-01-01T00:00:00.000Z');
    await send(me.token, id, bytes, CHUNK);
    await completeAndCheck(id, bytes);
    await expectNoLeftovers(lib);
  });
});
