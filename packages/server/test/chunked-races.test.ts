import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_DEFAULT_CHUNK, type UploadResponse, type UploadSession } from '@rl/contract';
import type { Viewer } from '../src/modules/access/viewer.js';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { createQuotaService } from '../src/modules/quota/service.js';
import { createChunkedUploads } from '../src/modules/uploads/chunked.js';
import { createUploadService } from '../src/modules/uploads/service.js';
import { createUploadSessionsRepo } from '../src/modules/uploads/sessions-repo.js';
import { createUploadDir } from '../src/modules/uploads/temp-files.js';
import { createUploadGate } from '../src/modules/uploads/upload-gate.js';
import { toUserRecord } from '../src/modules/users/model.js';
import { AppError } from '../src/errors.js';
import { statusOf } from '../src/http/error-status.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, type TestUser } from './library-helpers.js';
import { openSecondInstance } from './second-instance.js';
import { baseUrl, expectNoLeftovers, landedBytes, padPdf, storedBlobs } from './upload-helpers.js';

/**
 * Races between the writers of one chunked upload, over real HTTP to two API instances sharing
 * one database and one DATA_DIR: chunks sent at once for one offset with different bodies, and
 * complete, cancel and chunk PUTs fired together. Every race ends in one winner and clear 4xx
 * answers for the others (never a 5xx), and on disk exactly what the winner sent, or nothing.
 */

const CHUNK = UPLOAD_DEFAULT_CHUNK;
const TRIALS = 10;

let lib: TestLibrary;
let second: Awaited<ReturnType<typeof openSecondInstance>>;
/** The base URLs of the two instances. */
let bases: string[];
let me: TestUser;
let salt = 1;
/** A distinct real PDF of two full chunks and a short third. */
const pdf = () => padPdf(REAL_PDF, 2 * CHUNK + 777, salt++);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  // No job runner: what is raced here ends with the file row queued; ingestion is not the subject.
  // Twenty writers race for one offset: more chunk bodies at once than a client may send
  // (chunk-bodies.test.ts tests that bound), let in here so that the claims decide.
  lib = await openTestLibrary({ CHUNKS_AT_ONCE_PER_USER: '20', CHUNKS_AT_ONCE_PER_ADDRESS: '20' });
  second = await openSecondInstance(lib);
  bases = [await baseUrl(lib), await second.app.listen({ port: 0, host: '127.0.0.1' })];
}, 60_000);
beforeEach(async () => {
  me = await paidUser(lib);
});
afterAll(async () => {
  await second?.close();
  await lib?.close();
});

interface Answer<T = unknown> {
  status: number;
  body: T;
}

async function send<T = unknown>(base: string, method: string, path: string, body: Uint8Array | object) {
  const raw = body instanceof Uint8Array;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${me.token}`,
      'content-type': raw ? 'application/octet-stream' : 'application/json',
    },
    body: raw ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** The calls of a chunked upload against instance `i` (0 or 1). */
const api = (i: number) => {
  const base = bases[i]!;
  return {
    init: (size: number) =>
      send<UploadSession>(base, 'POST', '/api/file/user_upload/init', {
        file_name: 'race.pdf',
        size_bytes: size,
      }),
    chunk: (id: string, offset: number, bytes: Uint8Array) =>
      send<UploadSession>(base, 'PUT', `/api/file/user_upload/chunk?upload_id=${id}&offset=${offset}`, bytes),
    status: (id: string) =>
      send<UploadSession>(base, 'POST', '/api/file/user_upload/status', { upload_id: id }),
    complete: (id: string) =>
      send<UploadResponse>(base, 'POST', '/api/file/user_upload/complete', { upload_id: id }),
    cancel: (id: string) => send(base, 'POST', '/api/file/user_upload/cancel', { upload_id: id }),
  };
};

async function start(bytes: Uint8Array, upTo: number): Promise<string> {
  const init = await api(0).init(bytes.length);
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const id = init.body.upload_id;
  for (let off = 0; off < upTo; off += CHUNK) {
    const r = await api(off % 2).chunk(id, off, bytes.subarray(off, Math.min(off + CHUNK, bytes.length)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return id;
}

/** A refusal in the catalogue's shape: a 4xx with an error message and code, never a 5xx. */
function expectClearRefusal(r: Answer, allowed: number[]): void {
  expect(allowed, JSON.stringify(r)).toContain(r.status);
  expect(r.body, JSON.stringify(r)).toMatchObject({
    error_msg: expect.any(String),
    code: expect.any(String),
  });
}

/** The same chunk with other bytes after the first KiB (so it still starts like a PDF). */
const impostor = (chunk: Uint8Array, fill: number) => Buffer.from(chunk).fill(fill, 1024);

const uploadFolder = (id: string) => join(lib.dir, 'uploads', `${id}.part`);

/**
 * After a race: the upload is either gone with its folder, or still open with exactly the bytes
 * of `expected` up to where it stands on disk.
 */
async function expectConsistent(id: string, expected: Uint8Array): Promise<'gone' | number> {
  const s = await api(0).status(id);
  if (s.status === 404) {
    expect(existsSync(uploadFolder(id))).toBe(false);
    return 'gone';
  }
  expect(s.status).toBe(200);
  const at = s.body.received_bytes;
  expect(sha(landedBytes(lib, id))).toBe(sha(expected.subarray(0, at)));
  return at;
}

/** A complete's 200 (a cancel's is `{ ok: true }`). */
const madeFile = (r: Answer) =>
  r.status === 200 && typeof r.body === 'object' && r.body !== null && 'file' in r.body;

/** The user's upload rows (what complete made), with their content hashes. */
const myRows = () =>
  lib.db.selectFrom('files').select(['id', 'sha256']).where('owner_id', '=', me.id).execute();

describe('20 PUTs at one offset with two different bodies, to two instances, over HTTP', () => {
  it(`land exactly once with the winner’s bytes, in each of ${TRIALS} trials, through to the stored file`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const bytes = pdf();
      // Trials race each of the three chunks in turn (the first creates the upload's folder).
      const offset = (trial % 3) * CHUNK;
      const id = await start(bytes, offset);
      const real = bytes.subarray(offset, Math.min(offset + CHUNK, bytes.length));
      const bodies = [real, impostor(real, 0x41 + trial)];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => api(i % 2).chunk(id, offset, bodies[(i >> 1) % 2]!)),
      );
      const won = answers.flatMap((r, i) => (r.status === 200 ? [i] : []));
      expect(won, JSON.stringify(answers.map((r) => r.status))).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 200)) {
        expectClearRefusal(r, [409]);
        expect([offset, offset + real.length]).toContain(
          (r.body as { received_bytes: number }).received_bytes,
        );
      }
      const winner = bodies[(won[0]! >> 1) % 2]!;
      const expected = Buffer.concat([
        bytes.subarray(0, offset),
        winner,
        bytes.subarray(offset + real.length),
      ]);
      expect(await expectConsistent(id, expected)).toBe(offset + real.length);
      // The rest of the file, then complete: the stored PDF is exactly what the winner sent.
      for (let off = offset + CHUNK; off < bytes.length; off += CHUNK) {
        const r = await api(1).chunk(id, off, expected.subarray(off, Math.min(off + CHUNK, bytes.length)));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      const done = await api(trial % 2).complete(id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const row = (await myRows()).find((f) => f.id === done.body.file.id);
      expect(row?.sha256).toBe(sha(expected));
      expect(storedBlobs(lib)).toContain(sha(expected));
    }
    await expectNoLeftovers(lib);
  }, 120_000);
});

describe('a counted chunk missing from disk', () => {
  it('(a crash between counting it and its rename) makes complete answer 400 and drop the upload', async () => {
    const bytes = pdf();
    const id = await start(bytes, bytes.length);
    rmSync(join(uploadFolder(id), `${CHUNK}.chunk`));
    const r = await api(1).complete(id);
    expect(r).toEqual({
      status: 400,
      body: { error_msg: 'The uploaded bytes were lost; please upload the file again', code: 'bad_request' },
    });
    expect(await expectConsistent(id, bytes)).toBe('gone');
    expect(await myRows()).toEqual([]);
    await expectNoLeftovers(lib);
  });
});

describe('writers whose claims run out while they write', () => {
  /**
   * A third instance whose claims last less than nothing: every writer may be overtaken while
   * it writes, the case a stalled writer (a slow disk, a paused process) meets once its claim
   * ran out. Real repositories, disk and database; only the claim lifetime differs.
   */
  function shortClaimsInstance() {
    const files = createFilesRepo(lib.db);
    const dir = createUploadDir(join(lib.dir, 'uploads'));
    const quota = createQuotaService({
      repo: lib.repos.usage,
      files: lib.repos.files,
      transaction: lib.transaction,
      clock: lib.clock,
    });
    const gate = createUploadGate('files', lib.config.uploadsAtOnce);
    return createChunkedUploads({
      sessions: createUploadSessionsRepo(lib.db),
      files,
      uploads: createUploadService({ files, ingestor: lib.ingestor, quota, dir, gate, clock: lib.clock }),
      dir,
      gate,
      clock: lib.clock,
      claimMs: { chunk: -1000, complete: -1000 },
    });
  }

  it(`still let only the counted chunk’s bytes land (${TRIALS} trials of 20 writers)`, async () => {
    const stale = shortClaimsInstance();
    const row = await lib.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const viewer: Viewer = {
      user: toUserRecord(row),
      token: me.token,
      fingerprint: null,
      ip: '127.0.0.1',
      country: null,
    };
    for (let trial = 0; trial < TRIALS; trial++) {
      const bytes = pdf();
      const offset = (trial % 2) * CHUNK;
      const id = await start(bytes, offset);
      const real = bytes.subarray(offset, offset + CHUNK);
      const bodies = [Buffer.from(real), impostor(real, 0x61 + trial)];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          stale.chunk(viewer, id, offset, bodies[i % 2]!).then(
            () => 200,
            (err: unknown) => (err instanceof AppError ? statusOf(err.code) : 500),
          ),
        ),
      );
      const won = answers.flatMap((status, i) => (status === 200 ? [i] : []));
      expect(won, JSON.stringify(answers)).toHaveLength(1);
      expect(answers.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const winner = bodies[won[0]! % 2]!;
      expect(await expectConsistent(id, Buffer.concat([bytes.subarray(0, offset), winner]))).toBe(
        offset + CHUNK,
      );
      expect((await api(0).cancel(id)).status).toBe(200);
    }
    await expectNoLeftovers(lib);
  }, 120_000);
});

describe('complete, cancel and chunk PUTs of one upload fired together', () => {
  /** Fires the calls at once, half to each instance; none may answer 5xx. */
  async function race(calls: ((i: number) => Promise<Answer>)[]): Promise<Answer[]> {
    const answers = await Promise.all(calls.map((call, i) => call(i % 2)));
    for (const r of answers) if (r.status !== 200) expectClearRefusal(r, [404, 409]);
    return answers;
  }

  it(`complete ×2 and cancel ×2: one wins, the others get 404 or 409, in each of ${TRIALS} trials`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const bytes = pdf();
      const id = await start(bytes, bytes.length);
      const before = (await myRows()).length;
      const complete = (i: number) => api(i).complete(id);
      const cancel = (i: number) => api(i).cancel(id);
      const calls = trial % 2 ? [complete, cancel, complete, cancel] : [cancel, complete, cancel, complete];
      const answers = await race(calls);
      expect(
        answers.filter((r) => r.status === 200),
        JSON.stringify(answers),
      ).toHaveLength(1);
      const completed = answers.some(madeFile);
      // Either the file exists and the upload is closed, or nothing is left.
      expect(await expectConsistent(id, bytes)).toBe('gone');
      const rows = await myRows();
      expect(rows.length).toBe(before + (completed ? 1 : 0));
      expect(storedBlobs(lib).includes(sha(bytes))).toBe(completed);
    }
    await expectNoLeftovers(lib);
  }, 120_000);

  it(`complete ×4: one file, the others 404 or 409, in each of ${TRIALS} trials`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const bytes = pdf();
      const id = await start(bytes, bytes.length);
      const answers = await race(Array.from({ length: 4 }, () => (i: number) => api(i).complete(id)));
      const done = answers.filter((r) => r.status === 200);
      expect(done, JSON.stringify(answers)).toHaveLength(1);
      expect(done[0]?.body).toMatchObject({ duplicate: false, file: { size_bytes: bytes.length } });
      expect(await expectConsistent(id, bytes)).toBe('gone');
      expect((await myRows()).filter((f) => f.sha256 === sha(bytes))).toHaveLength(1);
    }
    await expectNoLeftovers(lib);
  }, 120_000);

  it(`cancel ×2 with PUTs of the next chunk and of the last one with complete: no 5xx, nothing half done (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const bytes = pdf();
      // Odd trials race the middle chunk, even ones the last chunk (with complete in the mix).
      const offset = trial % 2 ? CHUNK : 2 * CHUNK;
      const id = await start(bytes, offset);
      const next = bytes.subarray(offset, Math.min(offset + CHUNK, bytes.length));
      const chunk = (i: number) => api(i).chunk(id, offset, next);
      const cancel = (i: number) => api(i).cancel(id);
      const complete = (i: number) => api(i).complete(id);
      const calls = [chunk, cancel, chunk, cancel, ...(offset === 2 * CHUNK ? [complete] : [])];
      const answers = await race(calls);
      const cancelled = answers.some((r, i) => r.status === 200 && calls[i] === cancel);
      const completed = answers.some(madeFile);
      const end = await expectConsistent(id, bytes);
      // A cancel that answered 200 leaves nothing; so does a complete (with its file).
      if (cancelled || completed) expect(end).toBe('gone');
      expect(storedBlobs(lib).includes(sha(bytes))).toBe(completed);
      if (end !== 'gone') expect((await api(0).cancel(id)).status).toBe(200);
    }
    await expectNoLeftovers(lib);
  }, 120_000);
});
