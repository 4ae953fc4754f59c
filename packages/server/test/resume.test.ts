import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemoCorpus } from '../src/demo/index.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { exited, runCli, waitFor } from './process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * Kill -9 the importer while it is ingesting, then start the server on the same data: the job the
 * importer held is taken over once its lease runs out, every job finishes, and at no moment is a
 * file visible (ready) without its index row. The server then answers SIGTERM with exit code 0.
 */
describe('ingestion survives a crash', () => {
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  const COUNT = 12;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-resume-'));
    mkdirSync(join(dir, 'data'));
    database = await createTestDatabase(join(dir, 'data'));
    db = openDatabase(database.settings);
    await writeDemoCorpus(join(dir, 'in'), { count: COUNT, seed: 7, today: '2026-11-21' });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n ${query}`.execute(db)).rows[0]!.n);
  /** The library as the database has it; undefined until the importer has created the tables. */
  const counts = async () => {
    try {
      return {
        ready: await count(sql`FROM files WHERE status = 'ready'`),
        files: await count(sql`FROM files`),
        readyWithoutIndex: await count(
          sql`FROM files f WHERE f.status = 'ready' AND NOT EXISTS (SELECT 1 FROM files_fts x WHERE x.rowid = f.seq)`,
        ),
        indexedNotReady: await count(
          sql`FROM files_fts x JOIN files f ON f.seq = x.rowid WHERE f.status != 'ready'`,
        ),
        running: await count(sql`FROM jobs WHERE state = 'running'`),
        jobsOpen: await count(sql`FROM jobs WHERE state IN ('queued', 'running')`),
      };
    } catch {
      return undefined;
    }
  };

  it('resumes every job after kill -9 and never shows a half-indexed file', async () => {
    const env = {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: database.url,
      SEED_COUNT: '0',
      PDF_WORKERS: '1',
      JOB_CONCURRENCY: '1',
      // A short lease: the job the importer held waits this long for the server.
      JOB_LEASE_S: '3',
    };
    const importer = runCli(['import', join(dir, 'in')], env);
    // Kill once ingestion is under way but not finished.
    await waitFor('some files ingested', async () => {
      if (importer.exitCode !== null) throw new Error(`the importer stopped:\n${importer.output()}`);
      const c = await counts();
      return c && c.files === COUNT && c.ready >= 1 ? c : undefined;
    });
    importer.kill('SIGKILL');
    await exited(importer);
    const afterKill = await counts();
    expect(afterKill?.ready).toBeLessThan(COUNT);
    expect(afterKill?.readyWithoutIndex).toBe(0);
    expect(afterKill?.indexedNotReady).toBe(0);

    const server = runCli(['start'], { ...env, PORT: '0' });
    try {
      const done = await waitFor(
        'all files ready after restart',
        async () => {
          const c = await counts();
          expect(c?.readyWithoutIndex ?? 0).toBe(0);
          return c && c.ready === COUNT && c.jobsOpen === 0 ? c : undefined;
        },
        120_000,
      );
      expect(done.indexedNotReady).toBe(0);
      // The importer died holding a job (unless it was between two): the server took it over.
      if (afterKill?.running) expect(server.output()).toContain('taking over a job whose worker stopped');
    } finally {
      server.kill('SIGTERM');
      expect(await exited(server)).toBe(0);
    }
  }, 180_000);
});
