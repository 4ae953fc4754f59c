import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';
import { waitFor } from './process.js';

/*
 * A request body must arrive whole within BODY_DEADLINE_S of its head (1 s here), or its
 * connection is closed: a client declaring a length and sending less no longer holds a connection
 * for Node's 300 s request timeout. Uploads are not bound by it: their bodies may take long, and
 * their own stall handling drops one that stops (slow-uploads.test.ts).
 */

let lib: TestLibrary;
let user: TestUser;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  lib = await openTestLibrary({ BODY_DEADLINE_S: '1' });
  user = await paidUser(lib);
  const url = await lib.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await lib.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection that sends `head`, recording what comes back and whether it closed. */
async function open(head: string) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let answer = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(head);
  return { socket, answer: () => answer, closed: () => closed };
}

const searchHead = (length: number) =>
  'POST /api/file/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${length}\r\n\r\n`;

describe('the request body deadline', () => {
  it('closes an anonymous search whose body stops short of its declared length', async () => {
    const started = Date.now();
    const c = await open(searchHead(1000) + '{"keyword":"');
    await waitFor('the connection to be closed', () => c.closed(), 10_000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(c.answer()).toBe('');
  });

  it('closes one whose answer came from the head (401) once the rest of its body is late', async () => {
    const c = await open(
      'POST /api/manage/user/list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Authorization: Bearer made-up\r\nContent-Length: 1000\r\n\r\n{"page_id":',
    );
    await waitFor('an answer', () => c.answer().includes('\r\n\r\n') || undefined, 10_000);
    expect(c.answer()).toMatch(/^HTTP\/1\.1 401/);
    await waitFor('the connection to be closed', () => c.closed(), 10_000);
  });

  it('answers a body that arrives in parts within the deadline, and keeps the connection', async () => {
    const body = JSON.stringify({ keyword: 'copper', page_id: 1 });
    const c = await open(searchHead(Buffer.byteLength(body)) + body.slice(0, 12));
    await sleep(300);
    c.socket.write(body.slice(12));
    await waitFor('an answer', () => c.answer().includes('\r\n\r\n') || undefined, 10_000);
    expect(c.answer()).toMatch(/^HTTP\/1\.1 200/);
    // Answered: the deadline is over for this request, the keep-alive connection stays.
    await sleep(1500);
    expect(c.closed()).toBe(false);
  });

  it('leaves an upload that keeps sending open past it', async () => {
    const boundary = 'deadlinedeadline';
    const c = await open(
      'POST /api/file/user_upload HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${user.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${1024 * 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    for (let i = 0; i < 8; i++) {
      await sleep(300);
      c.socket.write(Buffer.alloc(1024, 0x20));
    }
    expect(c.closed()).toBe(false);
    expect(c.answer()).toBe('');
    c.socket.destroy();
  });
});
