import { statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '../src/config.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, type TestUser } from './library-helpers.js';
import { waitFor } from './process.js';
import { baseUrl, chunkedClient, fetchUpload, MiB, uploadTemps } from './upload-helpers.js';

/*
 * A body that trickles (a byte now and then, never silent for the stall time) cannot hold a
 * worker's upload room: under the minimum rate after the grace it is dropped, no body streams in
 * past the deadline, and a trickle holds only the bytes it sent, not the length it declares, so
 * other users' uploads are still let in.
 */

const BOUNDARY = 'trickletrickle';
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];

/** Stops and closes every body opened so far (before a library closes: it waits for them). */
function dropAll(): void {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
}

interface Held {
  answer: () => string;
  closed: () => boolean;
  /** Sends `bytes` every `everyMs` until the connection closes. */
  trickle: (bytes: number, everyMs: number) => void;
  send: (bytes: number) => void;
}

/** Opens a request to `path` declaring `declared` bytes and sends its head and `first`. */
async function openBody(port: number, head: string, first: string): Promise<Held> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let answer = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(head + first);
  const trickle = (bytes: number, everyMs: number) => {
    const t = setInterval(() => {
      if (closed) clearInterval(t);
      else socket.write(Buffer.alloc(bytes, 0x20));
    }, everyMs);
    timers.push(t);
  };
  const send = (bytes: number) => socket.write(Buffer.alloc(bytes, 0x20));
  return { answer: () => answer, closed: () => closed, trickle, send };
}

/** A one-request upload declaring `declared` bytes: its head and the start of its file part. */
function oneRequestUpload(port: number, token: string, declared: number): Promise<Held> {
  return openBody(
    port,
    'POST /api/file/user_upload HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${declared}\r\n\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="trickle.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
}

/** Bytes in the temporary files of uploads under way. */
const written = (lib: TestLibrary) =>
  uploadTemps(lib).reduce(
    (n, path) => n + (statSync(join(lib.dir, 'uploads', path), { throwIfNoEntry: false })?.size ?? 0),
    0,
  );

async function listening(lib: TestLibrary): Promise<number> {
  return Number(new URL(await baseUrl(lib)).port);
}

describe('bodies that trickle or take too long (grace 1 s, 16 KiB/s, deadline 3 s)', () => {
  let lib: TestLibrary;
  let user: TestUser;
  let port: number;
  beforeAll(async () => {
    lib = await openTestLibrary({
      UPLOAD_MIN_RATE_GRACE_S: '1',
      UPLOAD_MIN_BYTES_PER_S: String(16 * 1024),
      UPLOAD_BODY_DEADLINE_S: '3',
    });
    user = await paidUser(lib);
    port = await listening(lib);
  });
  afterAll(async () => {
    dropAll();
    await lib.close();
  });

  it('drops one-request uploads sending a byte every 200 ms, with their temporary files', async () => {
    const held: Held[] = [];
    for (let i = 0; i < UPLOADS_PER_USER; i++) held.push(await oneRequestUpload(port, user.token, 52 * MiB));
    for (const h of held) h.trickle(1, 200);
    await waitFor(
      'the bodies to reach temporary files',
      () => uploadTemps(lib).length === UPLOADS_PER_USER,
      5000,
    );
    // Never silent for the stall time (30 s), yet gone within a few seconds.
    await waitFor('the trickles to be dropped', () => held.every((h) => h.closed()), 8000);
    expect(held.map((h) => h.answer())).toEqual(held.map(() => ''));
    await waitFor('their temporary files to go', () => uploadTemps(lib).length === 0, 5000);
  });

  it('drops a chunk body sending a byte every 200 ms, and frees its place', async () => {
    const api = chunkedClient(lib);
    const init = await api.init(user.token, 'large.pdf', 100 * MiB);
    expect(init.status).toBe(200);
    const id = init.body.upload_id;
    const held = await openBody(
      port,
      `PUT /api/file/user_upload/chunk?upload_id=${encodeURIComponent(id)}&offset=0 HTTP/1.1\r\n` +
        `Host: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${init.body.chunk_size}\r\n\r\n`,
      '%PDF-1.7\n',
    );
    held.trickle(1, 200);
    await waitFor('the trickled chunk to be dropped', () => held.closed(), 8000);
    expect(held.answer()).toBe('');
    expect((await api.status(user.token, id)).body.received_bytes).toBe(0);
  });

  it('lets a body sending 640 KiB/s past the grace, and drops it at the deadline', async () => {
    const started = Date.now();
    const fast = await oneRequestUpload(port, (await paidUser(lib)).token, 52 * MiB);
    fast.trickle(64 * 1024, 100);
    await waitFor('the body to reach a temporary file', () => uploadTemps(lib).length === 1, 5000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(fast.closed()).toBe(false); // past the grace, over the minimum rate
    await waitFor('the body to be dropped at the deadline', () => fast.closed(), 8000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(fast.answer()).toBe('');
    await waitFor('its temporary file to go', () => uploadTemps(lib).length === 0, 5000);
  });
});

describe('room held by bytes received (4 MB in flight)', () => {
  let lib: TestLibrary;
  let port: number;
  beforeAll(async () => {
    lib = await openTestLibrary({ UPLOAD_BYTES_IN_FLIGHT_MB: '4' });
    port = await listening(lib);
  });
  afterAll(async () => {
    dropAll();
    await lib.close();
  });

  it("admits another user's upload while trickles declaring 200 + 200 + 112 MB are under way", async () => {
    const trickler = await paidUser(lib);
    const held: Held[] = [];
    for (const mb of [200, 200, 112]) held.push(await oneRequestUpload(port, trickler.token, mb * MiB));
    await waitFor('the bodies to reach temporary files', () => uploadTemps(lib).length === 3, 5000);

    const other = await paidUser(lib);
    const answer = await fetchUpload(await baseUrl(lib), other.token, REAL_PDF, 'mine.pdf');
    expect(answer.status).toBe(200);
    expect(held.every((h) => !h.closed())).toBe(true);
  });

  it('cuts with 503 the body whose bytes would carry the total past the bound, and removes its file', async () => {
    const before = uploadTemps(lib).length;
    const first = await oneRequestUpload(port, (await paidUser(lib)).token, 3 * MiB);
    first.send(2.75 * MiB); // and stays, holding its bytes
    await waitFor('its bytes on disk', () => written(lib) >= 2.5 * MiB, 10_000);

    const second = await oneRequestUpload(port, (await paidUser(lib)).token, 3 * MiB);
    second.send(2 * MiB);
    await waitFor('an answer', () => second.answer().includes('\r\n\r\n') || undefined, 10_000);
    expect(second.answer()).toMatch(/^HTTP\/1\.1 503/);
    expect(second.answer()).toContain('"code":"unavailable"');
    await waitFor('its temporary file to go', () => uploadTemps(lib).length === before + 1, 5000);
    // The rest of its body is not read: the server closes the connection after the answer.
    await waitFor('its connection to close', () => second.closed(), 5000);
    expect(first.closed()).toBe(false);
  });
});
