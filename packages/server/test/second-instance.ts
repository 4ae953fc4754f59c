import { buildApp, type App } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import type { LlmClient } from '../src/platform/llm.js';
import { createPasswordHasher, TEST_SCRYPT } from '../src/platform/password.js';
import type { TestLibrary } from './harness.js';

/**
 * Another API instance beside the test library's, as a second machine behind the balancer would
 * be: its own app and its own connections to the same database, the same DATA_DIR and file store,
 * and nothing shared in memory with the first.
 */
export async function openSecondInstance(
  lib: TestLibrary,
  opts: { llm?: LlmClient | null } = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const db = openDatabase(lib.config.database);
  const app = await buildApp({
    config: lib.config,
    db,
    storage: lib.storage,
    clock: lib.clock,
    passwords: createPasswordHasher(TEST_SCRYPT),
    ...(lib.runner ? { notifyJobs: () => lib.runner?.notify() } : {}),
    ...(opts.llm !== undefined ? { llm: opts.llm } : {}),
  });
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
