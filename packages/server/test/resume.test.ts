import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemoCorpus } from '../src/demo/index.js';
import { exited, runCli, waitFor } from './process.js';

/**
 * Kill -9 the importer while it is ingesting, then start the server on the same data: every job
 * resumes and finishes, and at no moment is a file visible (ready) without its index row.
 */
describe('ingestion survives a crash', () => {
  let dir: string;
  const COUNT = 12;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-resume-'));
    await writeDemoCorpus(join(dir, 'in'), { count: COUNT, seed: 7, today: '2026-11-21' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const counts = () => {
    let db: Database.Database | undefined;
    try {
      db = new Database(join(dir, 'data', 'library.db'), { readonly: true, fileMustExist: true });
      const by = (sql: string) => (db!.prepare(sql).get() as { n: number }).n;
      return {
        ready: by("SELECT count(*) n FROM files WHERE status = 'ready'"),
        files: by('SELECT count(*) n FROM files'),
        readyWithoutIndex: by(
          "SELECT count(*) n FROM files f WHERE f.status = 'ready' AND NOT EXISTS (SELECT 1 FROM files_fts WHERE rowid = f.seq)",
        ),
        indexedNotReady: by(
          "SELECT count(*) n FROM files_fts x JOIN files f ON f.seq = x.rowid WHERE f.status != 'ready'",
        ),
        jobsOpen: by("SELECT count(*) n FROM jobs WHERE state IN ('queued', 'running')"),
      };
    } catch {
      return undefined;
    } finally {
      db?.close();
    }
  };

  it('resumes every job after kill -9 and never shows a half-indexed file', async () => {
    const env = { DATA_DIR: join(dir, 'data'), SEED_COUNT: '0', PDF_WORKERS: '1', JOB_CONCURRENCY: '1' };
    const importer = runCli(['import', join(dir, 'in')], env);
    // Kill once ingestion is under way but not finished.
    await waitFor('some files ingested', () => {
      const c = counts();
      return c && c.files === COUNT && c.ready >= 1 ? c : undefined;
    });
    importer.kill('SIGKILL');
    await exited(importer);
    const afterKill = counts();
    expect(afterKill?.ready).toBeLessThan(COUNT);
    expect(afterKill?.readyWithoutIndex).toBe(0);
    expect(afterKill?.indexedNotReady).toBe(0);

    const server = runCli(['start'], { ...env, PORT: '0' });
    try {
      const done = await waitFor(
        'all files ready after restart',
        () => {
          const c = counts();
          expect(c?.readyWithoutIndex ?? 0).toBe(0);
          return c && c.ready === COUNT && c.jobsOpen === 0 ? c : undefined;
        },
        120_000,
      );
      expect(done.indexedNotReady).toBe(0);
      expect(server.output()).toContain('resuming jobs left running');
    } finally {
      server.kill('SIGTERM');
      expect(await exited(server)).toBe(0);
    }
  });
});
