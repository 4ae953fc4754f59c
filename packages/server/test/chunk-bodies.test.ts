import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNKS_PER_USER } from '../src/config.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, type TestUser } from './library-helpers.js';
import { baseUrl, chunkedClient, MiB, padPdf, rawRequest } from './upload-helpers.js';

/*
 * A chunk's body is read only for a caller who may send it: every refusal that needs no body
 * (no login, an unknown upload, a wrong offset or length, too many bodies at once) is answered
 * from the request's head, before a byte of the body, so nobody can make the server hold
 * megabytes it will throw away.
 */

/** A file large enough for 10 MiB chunks (the largest), so each request declares 10 MiB. */
const SIZE = 100 * MiB;
const CHUNK = 10 * MiB;

let lib: TestLibrary;
let user: TestUser;
let base: string;
const connections: Socket[] = [];
const api = () => chunkedClient(lib);
const open: ReturnType<typeof rawRequest>[] = [];

beforeAll(async () => {
  lib = await openTestLibrary();
  user = await paidUser(lib);
  base = await baseUrl(lib);
  lib.app.server.on('connection', (socket: Socket) => connections.push(socket));
});
afterAll(async () => {
  for (const r of open) r.req.destroy();
  await lib.close();
});

/** Sends the head of a chunk request declaring `length` bytes and nothing of its body. */
function headOnly(uploadId: string, offset: number, length: number, token: string | null) {
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'content-length': String(length),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const url = `${base}/api/file/user_upload/chunk?upload_id=${encodeURIComponent(uploadId)}&offset=${offset}`;
  const request = rawRequest(url, 'PUT', headers);
  request.req.flushHeaders();
  open.push(request);
  return request;
}

async function newUpload(): Promise<string> {
  const r = await api().init(user.token, 'large.pdf', SIZE);
  expect(r.status).toBe(200);
  expect(r.body.chunk_size).toBe(CHUNK);
  return r.body.upload_id;
}

describe('chunk bodies', () => {
  it('answers anonymous chunks 401 from their head, however many come at once', async () => {
    const id = await newUpload();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => headOnly(id, 0, CHUNK, null).response),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'unauthorized' });
    }
    expect((await api().status(user.token, id)).body.received_bytes).toBe(0);
  });

  it('answers an unknown upload 404, a wrong offset 409 and a wrong length 400 from the head', async () => {
    const id = await newUpload();
    const unknown = await headOnly('no-such-upload-id', 0, CHUNK, user.token).response;
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ code: 'not_found' });

    const ahead = await headOnly(id, CHUNK, CHUNK, user.token).response;
    expect(ahead.status).toBe(409);
    expect(JSON.parse(ahead.body)).toMatchObject({ code: 'conflict', received_bytes: 0 });

    const short = await headOnly(id, 0, CHUNK - 1, user.token).response;
    expect(short.status).toBe(400);
    expect(JSON.parse(short.body)).toMatchObject({ code: 'bad_request', field: 'body' });

    const past = await headOnly(id, 0, SIZE + 1, user.token).response;
    expect(past.status).toBe(400);
    expect((await api().status(user.token, id)).body.received_bytes).toBe(0);
  });

  it(`lets ${CHUNKS_PER_USER} bodies of one user stream in at once, refuses the next from its head, and frees a place when one goes`, async () => {
    const id = await newUpload();
    const requests = Array.from({ length: CHUNKS_PER_USER + 1 }, () => headOnly(id, 0, CHUNK, user.token));
    // Whichever arrives last is the one refused: the others wait for their bodies.
    const refused = await Promise.race(requests.map((r, i) => r.response.then((answer) => ({ answer, i }))));
    expect(refused.answer.status).toBe(429);
    // The limit hit is of chunks in flight, not of files: the message says so.
    expect(JSON.parse(refused.answer.body)).toMatchObject({
      code: 'too_many_requests',
      error_msg: `At most ${CHUNKS_PER_USER} chunks of uploads can be sent at once; wait for one to finish`,
    });

    // One of the held bodies is cut off: its place is free again for a whole chunk.
    const held = requests.filter((_, i) => i !== refused.i);
    held[0]!.req.destroy();
    await held[0]!.closed;
    const bytes = padPdf(REAL_PDF, SIZE, 7).subarray(0, CHUNK);
    let sent = await api().chunk(user.token, id, 0, bytes);
    // The server may see the cut-off request close a moment after the client does.
    for (let i = 0; i < 50 && sent.status === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent = await api().chunk(user.token, id, 0, bytes);
    }
    expect(sent.status).toBe(200);
    expect(sent.body.received_bytes).toBe(CHUNK);
  });

  it('serves chunk after chunk on one kept-alive connection without gathering listeners on it', async () => {
    const size = 16 * 64 * 1024;
    const init = await api().init(user.token, 'small.pdf', size);
    const id = init.body.upload_id;
    const bytes = padPdf(REAL_PDF, size, 11);
    const before = connections.length;
    for (let offset = 0; offset < 12 * init.body.chunk_size; offset += init.body.chunk_size) {
      const url = `${base}/api/file/user_upload/chunk?upload_id=${encodeURIComponent(id)}&offset=${offset}`;
      const res = await fetch(url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
        body: bytes.subarray(offset, offset + init.body.chunk_size),
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const used = connections.slice(before).filter((socket) => !socket.destroyed);
    expect(used.length).toBeGreaterThan(0);
    expect(used.length).toBeLessThan(12); // kept alive: fewer connections than requests
    for (const socket of used) expect(socket.listenerCount('close')).toBeLessThan(5);
  });
});
