import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '../src/config.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';
import { waitFor } from './process.js';
import { uploadTemps } from './upload-helpers.js';

/*
 * Slow one-request uploads cannot fill the disk: a user may have only a few bodies streaming in at
 * once (then 429), and a body that stops sending is dropped after UPLOAD_STALL_S with its
 * temporary file, freeing its place.
 */

const MB = 1024 * 1024;
const BOUNDARY = 'slowslowslow';

let lib: TestLibrary;
let user: TestUser;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  lib = await openTestLibrary({ UPLOAD_STALL_S: '1' });
  user = await paidUser(lib);
  const url = await lib.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await lib.close();
});

/** Starts an upload declaring a 52 MB body, sends its first `sendMb` MB, then sends nothing more. */
async function stalledUpload(
  sendMb: number,
): Promise<{ socket: Socket; answer: () => string; closed: () => boolean }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let answer = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n';
  socket.write(
    'POST /api/file/user_upload HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: Bearer ${user.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${52 * MB}\r\n\r\n${head}`,
  );
  const chunk = Buffer.alloc(MB, 0x20);
  for (let i = 0; i < sendMb; i++) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  return { socket, answer: () => answer, closed: () => closed };
}

describe('one-request uploads that stall', () => {
  it(`admits ${UPLOADS_PER_USER} at once per user (429 beyond), drops stalled ones and frees their place`, async () => {
    const held: Awaited<ReturnType<typeof stalledUpload>>[] = [];
    for (let i = 0; i < UPLOADS_PER_USER; i++) held.push(await stalledUpload(2));
    await waitFor(
      'the bodies to reach temporary files',
      () => uploadTemps(lib).length === UPLOADS_PER_USER,
      10_000,
    );

    const refused = await stalledUpload(0);
    await waitFor('an answer', () => refused.answer().includes('\r\n\r\n') || undefined, 10_000);
    expect(refused.answer()).toMatch(/^HTTP\/1\.1 429/);
    expect(refused.answer()).toContain('"code":"too_many_requests"');

    // Nothing more is sent: each stalled body is dropped with its temporary file.
    await waitFor('the stalled uploads to be dropped', () => held.every((u) => u.closed()), 15_000);
    await waitFor('their temporary files to go', () => uploadTemps(lib).length === 0, 10_000);

    const again = await stalledUpload(1);
    await waitFor('the new upload to stream in', () => uploadTemps(lib).length === 1, 10_000);
    expect(again.answer()).toBe('');
    await waitFor('it to be dropped too', () => again.closed(), 15_000);
  });
});
