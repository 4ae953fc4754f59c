import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemoCorpus } from '../src/demo/index.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { READING_VERSION } from '../src/pdf/reading-version.js';
import { createReingestRepo } from '../src/ingest/reingest-repo.js';
import { exited, runCli, waitFor } from './process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * A library read by an older version of the reading: the server queues a re-ingestion by itself at
 * start; killed (-9) in the middle of it, another server on the same data takes the walk over
 * once its lease runs out and brings every file up to date, each file findable throughout.
 */
describe('a re-ingestion survives a crash', () => {
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  // Three steps of the walk (REINGEST_BATCH files each): the kill lands after the first.
  const COUNT = 30;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-reingest-crash-'));
    mkdirSync(join(dir, 'data'));
    database = await createTestDatabase(join(dir, 'data'));
    await writeDemoCorpus(join(dir, 'in'), { count: COUNT, seed: 11, today: '2026-11-21' });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: database.url,
    SEED_COUNT: '0',
    PDF_WORKERS: '1',
    JOB_CONCURRENCY: '1',
    JOB_LEASE_S: '3',
  });
  /** Ready files missing from the library's index: none, ever. */
  const unindexed = async () =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*) AS n FROM files f WHERE f.status = 'ready'
          AND NOT EXISTS (SELECT 1 FROM files_fts x WHERE x.rowid = f.seq)`.execute(db)
      ).rows[0]!.n,
    );

  it('is queued at start, taken over after kill -9, and finished by the next server', async () => {
    const importer = runCli(['import', join(dir, 'in')], env());
    expect(await exited(importer), importer.output()).toBe(0);
    db = openDatabase(database.settings);
    const progress = () => createReingestRepo(db).progress();
    expect(await progress()).toMatchObject({ total: COUNT, outdated: 0, running: false });
    // As after an upgrade whose reading reads reports differently.
    await db
      .updateTable('files')
      .set({ reading_version: READING_VERSION - 1 })
      .execute();

    const first = runCli(['start'], { ...env(), PORT: '0' });
    await waitFor('a re-ingestion under way', async () => {
      if (first.exitCode !== null) throw new Error(`the server stopped:\n${first.output()}`);
      const p = await progress();
      expect(await unindexed()).toBe(0);
      return p.running && p.done > 0 ? p : undefined;
    });
    first.kill('SIGKILL');
    await exited(first);
    const cut = await progress();
    expect(cut.running).toBe(true);
    const held = await db.selectFrom('jobs').select('state').where('type', '=', 'reingest').execute();
    expect(cut.outdated).toBeGreaterThan(0);

    const second = runCli(['start'], { ...env(), PORT: '0' });
    try {
      const end = await waitFor(
        'every file read by the current reading',
        async () => {
          const p = await progress();
          expect(await unindexed()).toBe(0);
          return !p.running && p.outdated === 0 ? p : undefined;
        },
        120_000,
      );
      expect(end).toMatchObject({ total: COUNT, done: COUNT });
      const walks = await db.selectFrom('jobs').select('state').where('type', '=', 'reingest').execute();
      expect(walks).toEqual([{ state: 'done' }]);
      // The dead server held the walk (unless it was handing it back between two steps): taken over.
      if (held[0]?.state === 'running')
        expect(second.output()).toContain('taking over a job whose worker stopped');
    } finally {
      second.kill('SIGTERM');
      expect(await exited(second)).toBe(0);
    }
  }, 240_000);
});
