import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';
import { waitFor } from './process.js';

/*
 * A request body must arrive whole within BODY_DEADLINE_S of its head (1 s here), or its
 * connection is closed: a client declaring a length and sending less no longer holds a connection
 * for Node's 300 s request timeout. Uploads are not bound by it: their bodies may take long, and
 * their own stall handling drops one that stops (slow-uploads.test.ts).
 */

const DEADLINE_MS = 1000;

let lib: TestLibrary;
let user: TestUser;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  lib = await openTestLibrary({ BODY_DEADLINE_S: String(DEADLINE_MS / 1000) });
  user = await paidUser(lib);
  const url = await lib.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await lib.close();
});

// The real timer, kept for waiting while the deadline's timers are the test's to move (below).
const { setTimeout: realSetTimeout } = globalThis;
const sleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

/** Waits, on the real clock, until `check` holds. */
async function until(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** How many complete answers (status lines) a connection received. */
const answers = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];

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
    // The deadline's timer runs on a clock the test moves: a real pause between the parts could
    // outlast the deadline on a busy machine. Sockets and the server's work stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const body = JSON.stringify({ keyword: 'copper', page_id: 1 });
      const timers = vi.getTimerCount();
      const c = await open(searchHead(Buffer.byteLength(body)) + body.slice(0, 12));
      // The head is in and the deadline runs; most of it passes before the rest of the body.
      await until('the deadline to run', () => vi.getTimerCount() > timers);
      vi.advanceTimersByTime(DEADLINE_MS - 100);
      expect(c.closed()).toBe(false);
      c.socket.write(body.slice(12));
      await until('an answer', () => c.answer().includes('\r\n\r\n') || c.closed());
      expect(c.answer()).toMatch(/^HTTP\/1\.1 200/);
      // Answered: the deadline is over for this request, so passing it closes nothing, and the
      // keep-alive connection answers the next request.
      vi.advanceTimersByTime(2 * DEADLINE_MS);
      c.socket.write(searchHead(Buffer.byteLength(body)) + body);
      await until('a second answer', () => answers(c.answer()).length === 2 || c.closed());
      expect(c.closed()).toBe(false);
      expect(answers(c.answer())).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    } finally {
      vi.useRealTimers();
    }
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
