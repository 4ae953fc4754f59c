import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, runCli, waitFor } from './process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * New connections never wait for a busy HTTP worker. Node's default cluster on Linux has the
 * primary accept every connection and hand it to the workers in turn, each only after it
 * acknowledged the last, so a worker whose event loop is held makes every other new connection
 * wait for it (under load: client timeouts the server's timings never show). The fault here is the
 * extreme case, a worker frozen with SIGSTOP: every request on a new connection must still be
 * answered, by the other worker.
 */
describe('the HTTP cluster with one worker frozen', () => {
  let dir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-cluster-accept-'));
    database = await createTestDatabase(dir);
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every new connection from the worker that runs', async () => {
    const server = runCli(['start'], {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: database.url,
      PORT: '0',
      HTTP_WORKERS: '2',
      SEED_COUNT: '0',
      DEMO_ACCOUNTS: '0',
      PDF_WORKERS: '1',
      WEB_DIST: join(dir, 'no-web'),
    });
    let frozen: number | undefined;
    try {
      // Both workers listening: their pids, from their `server listening` lines.
      const workers = await waitFor(
        'both HTTP workers to listen',
        () => {
          if (server.exitCode !== null) throw new Error(`the server exited at start:\n${server.output()}`);
          const found = listening(server.output());
          return found.size === 2 ? found : undefined;
        },
        150_000,
      );
      const [pid, port] = [...workers][0]!;
      frozen = pid;
      process.kill(pid, 'SIGSTOP');

      const answers: number[] = [];
      for (let i = 0; i < 12; i++) answers.push(await getOnNewConnection(port, '/api/pub/site'));
      expect(answers).toEqual(Array(12).fill(200));
    } finally {
      if (frozen) process.kill(frozen, 'SIGCONT');
      server.kill('SIGTERM');
      await exited(server);
    }
  }, 300_000);
});

/** The HTTP workers of a cluster's log: pid → port. */
function listening(output: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; url?: string; pid?: number };
    if (entry.msg === 'server listening' && entry.url && entry.pid)
      out.set(entry.pid, Number(new URL(entry.url).port));
  }
  return out;
}

/**
 * A GET on a connection of its own (no keep-alive pool): answers the status. The limit only keeps a
 * hung request from hanging the test; a healthy answer comes in milliseconds.
 */
function getOnNewConnection(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' }, timeout: 60_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${path} on a new connection`)));
    req.on('error', reject);
    req.end();
  });
}
