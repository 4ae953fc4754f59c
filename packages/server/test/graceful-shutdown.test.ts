import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@rl/contract';
import { exited, runCli, waitFor } from './process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * `start` answering SIGTERM: it stops accepting connections, finishes the request in flight (which
 * still reads the database: the runtime closes after HTTP), and exits with code 0. Once with one
 * process serving HTTP and once with a cluster of HTTP workers.
 */
describe('graceful shutdown of `start`', () => {
  let dir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-shutdown-'));
    database = await createTestDatabase(dir);
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([1, 2])(
    'finishes the request in flight, then exits 0 (HTTP_WORKERS=%i)',
    async (workers) => {
      const server = runCli(['start'], {
        DATA_DIR: join(dir, `data-${workers}`),
        DATABASE_URL: database.url,
        PORT: '0',
        HTTP_WORKERS: String(workers),
        SEED_COUNT: '0',
        DEMO_ACCOUNTS: '0',
        PDF_WORKERS: '1',
      });
      try {
        // A busy machine may take long to start the processes: the start is not what is tested.
        const port = await waitFor(
          'the server to listen',
          () => {
            if (server.exitCode !== null) throw new Error(`the server exited at start:\n${server.output()}`);
            return listeningPort(server.output());
          },
          150_000,
        );

        // A request whose body is still arriving when the signal comes.
        const body = JSON.stringify({ file_id: 'AAAAAAAAAAAAAAAA' });
        const socket = connect(port, '127.0.0.1');
        const response = responseOf(socket);
        socket.write(
          `POST /api/file/file_detail HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Connection: close\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
        );
        await waitFor('the server to see the request', () =>
          server.output().includes('"url":"/api/file/file_detail"') ? true : undefined,
        );

        server.kill('SIGTERM');
        await waitFor('the server to stop accepting connections', async () =>
          (await refused(port)) ? true : undefined,
        );
        // The rest of the body; not a half-close, which Node's server answers by closing at once.
        socket.write(body.slice(5));

        // Answered from the database (the file does not exist): the runtime was still open.
        const answer = await response;
        expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
        expect(answer).toContain(`"code":"${ERROR_CODES.fileNotFound}"`);
        expect(await exited(server)).toBe(0);
        expect(server.output()).toContain('"msg":"stopped"');
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL');
      }
    },
    200_000,
  );
});

/** The port of the first `server listening` line of the server's log (pino JSON lines). */
function listeningPort(output: string): number | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    if (entry.msg === 'server listening' && entry.url) return Number(new URL(entry.url).port);
  }
  return undefined;
}

/** Everything the server sends on the socket until it closes it. */
function responseOf(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

/** Whether a new connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
