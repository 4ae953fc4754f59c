import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { HealthDetails } from '@rl/contract';
import { REPO_ROOT } from './paths';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Server log lines (pino JSON), for diagnosing a failure. */
  log: string[];
  stop(): Promise<void>;
}

export interface ServerOptions {
  seedCount: number;
  readyTimeoutMs?: number;
  /** Extra environment, e.g. DEPLOY_VARIANT=cn or TRUSTED_COUNTRY_HEADER. */
  env?: Record<string, string>;
}

function waitForUrl(child: ChildProcess, log: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen in ${timeoutMs} ms:\n${log.join('\n')}`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      log.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'server listening' && entry.url) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      } catch {
        // not a JSON line
      }
    });
    createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log.join('\n')}`));
    });
  });
}

async function waitForLibrary(url: string, seedCount: number, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        const health = (await response.json()) as HealthDetails;
        if (health.files.ready >= seedCount && health.jobs.queued === 0 && health.jobs.running === 0) return;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the library was not ready in time at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server on a free port with a fresh data folder, seeds `seedCount` demo reports
 * and waits until they are ingested. `stop()` sends SIGTERM and removes the folder.
 */
export async function startServer({
  seedCount,
  readyTimeoutMs = 180_000,
  env = {},
}: ServerOptions): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rl-e2e-data-'));
  const log: string[] = [];
  // The compiled server, as `npm start` runs it (global-setup.ts builds it).
  const child = spawn(process.execPath, ['packages/server/dist/main.js', 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_COUNT: String(seedCount),
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + readyTimeoutMs;
    const url = await waitForUrl(child, log, readyTimeoutMs);
    await waitForLibrary(url, seedCount, deadline);
    return { url, dataDir, log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
