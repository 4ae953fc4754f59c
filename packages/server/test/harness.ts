import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INGEST_MAX_PAGES } from '@rl/contract';
import { pino } from 'pino';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { createJobsRepo } from '../src/jobs/jobs-repo.js';
import { createJobHandlers } from '../src/jobs/handlers.js';
import { createJobRunner, type JobRunner } from '../src/jobs/runner.js';
import { createLlmClient, llmSettingsOf, type LlmClient } from '../src/platform/llm.js';
import { createPdfExtractor } from '../src/pdf/extract.js';
import type { Clock } from '../src/platform/clock.js';
import { createPasswordHasher, TEST_SCRYPT } from '../src/platform/password.js';
import { openFileStorage, type FileStorage } from '../src/platform/storage/index.js';
import { createTestDatabase } from './test-database.js';

export interface TestLibrary {
  dir: string;
  config: Config;
  db: Db;
  storage: FileStorage;
  clock: Clock & { set(iso: string): void };
  app: App;
  /** The job runner (uploads are ingested by it) when opened with `{ jobs: true }`. */
  runner: JobRunner | null;
  close(): Promise<void>;
}

/** A fixed, settable clock. */
export function fixedClock(iso = '2026-11-21T10:00:00.000Z'): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return { now: () => new Date(now), set: (v) => (now = new Date(v)) };
}

/**
 * A real app on a real database (SQLite in a temp folder, or a PostgreSQL schema: test-database.ts); close() removes everything. With `jobs`, PDF
 * workers and a started job runner sit beside the app as in one-process `main.ts start`, so uploads
 * are ingested (PDF_TIMEOUT_MS in `env` sets the per-document limit).
 */
export async function openTestLibrary(
  env: Record<string, string> = {},
  opts: {
    jobs?: boolean;
    /** The model provider; from `env` (LLM_BASE_URL, LLM_MODEL) when absent. */
    llm?: LlmClient | null;
  } = {},
): Promise<TestLibrary> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-test-'));
  const testDb = await createTestDatabase(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web'),
    DATABASE_URL: testDb.url,
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const storage = openFileStorage(config.storage);
  const clock = fixedClock();
  const llm = opts.llm !== undefined ? opts.llm : createLlmClient(llmSettingsOf(config.llm));
  const extractor = opts.jobs
    ? createPdfExtractor({
        concurrency: config.pdfWorkers,
        timeoutMs: config.pdfTimeoutMs,
        maxPages: INGEST_MAX_PAGES,
      })
    : null;
  const runner = extractor
    ? createJobRunner({
        repo: createJobsRepo(db),
        handlers: createJobHandlers({
          db,
          storage,
          extractor,
          clock,
          llm,
          ...(config.llm ? { translateModel: config.llm.translateModel } : {}),
        }),
        clock,
        log: pino({ level: 'silent' }),
        concurrency: config.jobConcurrency,
      })
    : null;
  runner?.start();
  // A cheap scrypt cost, passed explicitly: production builds use the OWASP cost (password.test.ts).
  const app = await buildApp({
    config,
    db,
    storage,
    clock,
    passwords: createPasswordHasher(TEST_SCRYPT),
    notifyJobs: runner ? () => runner.notify() : undefined,
    llm,
  });
  return {
    dir,
    config,
    db,
    storage,
    clock,
    app,
    runner,
    async close() {
      await app.close();
      await runner?.stop();
      await extractor?.close();
      await db.destroy();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON through the app (no socket) and returns status and parsed body. */
export async function post<T = Record<string, unknown>>(
  app: App,
  url: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json() as T };
}

/** Any call through the app with headers (token, fingerprint, ...): status, parsed body, headers. */
export async function call<T = Record<string, unknown>>(
  app: App,
  url: string,
  body: unknown = {},
  opts: {
    token?: string;
    fingerprint?: string;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    /** The client address (default 127.0.0.1). */
    ip?: string;
  } = {},
): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.fingerprint) headers['x-fingerprint'] = opts.fingerprint;
  const method = opts.method ?? 'POST';
  const res = await app.inject({
    method,
    url,
    headers,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    ...(method === 'POST' ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}
