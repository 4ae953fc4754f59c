import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import type { App } from '../src/http/server.js';
import type { Ingestor } from '../src/ingest/ingest-file.js';
import type { IngestWrites } from '../src/ingest/ingest-writes.js';
import type { JobRunner } from '../src/jobs/runner.js';
import type { LlmClient } from '../src/platform/llm.js';
import type { Clock } from '../src/platform/clock.js';
import { createPasswordHasher, TEST_SCRYPT } from '../src/platform/password.js';
import type { FileStorage } from '../src/platform/storage/index.js';
import { openRuntime } from '../src/runtime.js';
import type { Repos } from '../src/wiring/repos.js';
import type { UnitOfWork } from '../src/db/unit-of-work.js';
import type { DigestParts } from '../src/wiring/library.js';
import { createTestDatabase } from './test-database.js';

export interface TestLibrary {
  dir: string;
  config: Config;
  db: Db;
  /** The runtime's repositories (the ones its services and jobs use). */
  repos: Repos;
  /** The runtime's unit of work (repositories bound to one transaction). */
  transaction: UnitOfWork<Repos>;
  storage: FileStorage;
  clock: Clock & { set(iso: string): void };
  app: App;
  /** The runtime's ingestion of new PDFs (uploads, imports), which wakes the runner. */
  ingestor: Ingestor;
  /** Ingestion's units of work (a reading's results, a re-reading). */
  ingestWrites: IngestWrites;
  /** The e-mail digests' mailer (SMTP_URL in `env`, else the outbox), links and period hour. */
  digests: DigestParts;
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
 * A real app on a real database (SQLite in a temp folder, or a PostgreSQL schema: test-database.ts),
 * wired as one-process `main.ts start` wires it (runtime.ts, app.ts), with a fixed clock, a cheap
 * password hash and no background work; close() removes everything. With `jobs` the job runner is
 * started, so uploads are ingested (PDF_TIMEOUT_MS in `env` sets the per-document limit).
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
  const clock = fixedClock();
  const rt = await openRuntime(config, pino({ level: 'silent' }), {
    clock,
    ...(opts.llm !== undefined ? { llm: opts.llm } : {}),
    background: false,
  });
  if (opts.jobs) rt.runner.start();
  // A cheap scrypt cost, passed explicitly: production builds use the OWASP cost (password.test.ts).
  const app = await buildApp(rt, { passwords: createPasswordHasher(TEST_SCRYPT) });
  return {
    dir,
    config,
    db: rt.db,
    repos: rt.repos,
    transaction: rt.transaction,
    storage: rt.storage,
    clock,
    app,
    ingestor: rt.ingestor,
    ingestWrites: rt.ingestWrites,
    digests: rt.digests,
    runner: opts.jobs ? rt.runner : null,
    async close() {
      await app.close();
      await rt.close();
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

/** Who sends a call: the user's token, the visitor's fingerprint, the client address. */
export interface Caller {
  token?: string;
  fingerprint?: string;
  /** The client address (default 127.0.0.1). */
  ip?: string;
}

/** Any call through the app with headers (token, fingerprint, ...): status, parsed body, headers. */
export async function call<T = Record<string, unknown>>(
  app: App,
  url: string,
  body: unknown = {},
  opts: Caller & { headers?: Record<string, string>; method?: 'GET' | 'POST' } = {},
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
