import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDetailResponse, HealthDetails, SearchResponse } from '@rl/contract';
import { exited, waitFor } from './process.js';

/**
 * `npm run build` emits the server as JavaScript and `npm start` runs it: build into a folder of
 * its own (beside dist/, at the same depth, as assets are found relative to it), start it as a
 * user would, and check that it serves, ingests PDFs in its compiled child processes, searches and
 * serves a PDF. No tsx is loaded anywhere.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const SEEDED = 3;

describe('the compiled server', () => {
  const outDir = join(SERVER_DIR, `.build-test-${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'rl-compiled-'));
  let child: ChildProcess;
  let log = '';
  let url = '';

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs', outDir], { cwd: SERVER_DIR, stdio: 'pipe' });
    child = spawn(process.execPath, [join(outDir, 'main.js'), 'start'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        HTTP_WORKERS: '1',
        SEED_COUNT: String(SEEDED),
        LOG_LEVEL: 'info',
        WEB_DIST: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    url = await waitFor(
      'the compiled server to listen',
      () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
        return /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log)?.[1];
      },
      120_000,
    );
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is plain JavaScript: main.js and the modules it spawns, nothing else to compile', () => {
    const files = readdirSync(outDir).filter((f) => f.endsWith('.js'));
    expect(files).toContain('main.js');
    // Every spawned module (PDF extraction, translation) is an entry of its own.
    expect(files.length).toBeGreaterThan(1);
    expect(log).not.toMatch(/tsx/);
  });

  it('ingests the demo reports (PDF extraction in compiled workers), searches and serves a PDF', async () => {
    const health = await waitFor(
      'the demo reports to be ingested',
      async () => {
        const h = (await (await fetch(`${url}/api/health`)).json()) as HealthDetails;
        if (h.files.failed > 0) throw new Error(`ingestion failed:\n${log}`);
        return h.files.ready >= SEEDED && h.jobs.queued === 0 && h.jobs.running === 0 ? h : undefined;
      },
      240_000,
    );
    expect(health).toMatchObject({ status: 'ok', database: 'ok', files: { ready: SEEDED } });

    const headers = { 'content-type': 'application/json', 'x-fingerprint': 'compiled-test' };
    const search = (await (
      await fetch(`${url}/api/file/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ page_id: 1, page_size: 10 }),
      })
    ).json()) as SearchResponse;
    expect(search.file_list.length).toBeGreaterThan(0);

    let served = false;
    for (const file of search.file_list) {
      const detail = await fetch(`${url}/api/file/file_detail`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ file_id: file.id }),
      });
      if (detail.status !== 200) continue; // a report the visitor may not open yet
      const body = (await detail.json()) as FileDetailResponse;
      const pdf = await fetch(new URL(body.file_info.encrypted_file_url, url), {
        headers: { 'x-fingerprint': 'compiled-test' },
      });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      served = true;
      break;
    }
    expect(served, 'no report could be opened').toBe(true);
  }, 300_000);

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    const code = await Promise.race([
      exited(child),
      new Promise((r) => setTimeout(() => r('still running'), 45_000)),
    ]);
    // The server logs each step of its stop: the tail says where a slow one waited.
    expect(code, `after SIGTERM:\n${log.slice(-4000)}`).toBe(0);
    expect(existsSync(join(outDir, 'main.js'))).toBe(true);
  }, 60_000);
});
