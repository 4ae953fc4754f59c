import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import type { App } from '../src/http/server.js';
import type { LlmClient } from '../src/platform/llm.js';
import { createPasswordHasher, TEST_SCRYPT } from '../src/platform/password.js';
import { openLibrary } from '../src/wiring/library.js';
import type { TestLibrary } from './harness.js';

/**
 * Another API instance beside the test library's, as a second machine behind the balancer would
 * be (main.ts: an HTTP worker): its own app and its own connections to the same database, the same
 * DATA_DIR and file store, and nothing shared in memory with the first.
 */
export async function openSecondInstance(
  lib: TestLibrary,
  opts: { llm?: LlmClient | null } = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const second = openLibrary(lib.config, pino({ level: 'silent' }), {
    clock: lib.clock,
    ...(lib.runner ? { notifyJobs: () => lib.runner?.notify() } : {}),
    ...(opts.llm !== undefined ? { llm: opts.llm } : {}),
  });
  const app = await buildApp(second, { passwords: createPasswordHasher(TEST_SCRYPT) });
  return {
    app,
    async close() {
      await app.close();
      await second.close();
    },
  };
}
