import { execFile, fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { copySnapshot } from '../../packages/server/src/commands/backup/snapshot.js';
import { round } from './stats.js';
import { syntheticLibrary } from './synthetic-library.js';

/**
 * The database copy of a backup, idle and while another process commits continuously (a commit
 * every 2 ms, and every 50 ms), four ways:
 * - `sqlite3 .backup` (the shell, 100 pages a step, what docs/operations.md told before);
 * - the online backup API in steps of 100 pages without a held snapshot (the same in-process);
 * - `snapshot`: the online backup in steps under one held read transaction (npm run backup);
 * - `VACUUM INTO`.
 * For each: how long the copy took and the writer's longest commit while it ran (its stall), beside
 * the longest commit of the same writer with no backup running. A copy that restarts for ever is
 * given up after `limitS` seconds.
 */

const WRITER = fileURLToPath(new URL('./backup-writer.ts', import.meta.url));
const METHODS = [
  'sqlite3 .backup',
  'backup API, 100 pages a step',
  'snapshot (npm run backup)',
  'VACUUM INTO',
] as const;
type Method = (typeof METHODS)[number];

export interface BackupRun {
  method: Method | 'no backup';
  /** The writer's pace: a commit every so many ms; null: idle. */
  writeEveryMs: number | null;
  seconds: number | null;
  /** Gave up after the limit: the copy kept restarting. */
  gaveUp: boolean;
  /** The writer's commits during the copy, and the longest one (ms). */
  commits: number | null;
  longestCommitMs: number | null;
  load1: number;
}

export interface BackupBenchResult {
  reports: number;
  databaseBytes: number;
  runs: BackupRun[];
}

export async function benchBackup(
  root: string,
  opts: { reports?: number; limitS?: number; paces?: number[] } = {},
): Promise<BackupBenchResult> {
  const { reports = 20_000, limitS = 120, paces = [50, 2] } = opts;
  // A copy of the search benchmark's library: the writer's rows never touch the cached one.
  const source = join(await syntheticLibrary(root, reports), 'library.db');
  const db = join(root, 'backup-bench.db');
  const out = join(root, 'backup-bench-copy.db');
  copyFileSync(source, db);
  const databaseBytes = statSync(db).size;
  const runs: BackupRun[] = [];
  const hasShell = await new Promise<boolean>((r) => execFile('sqlite3', ['-version'], (err) => r(!err)));

  // The writer alone: its longest commit with nothing else going on (the floor of a stall).
  for (const pace of paces) {
    const writer = await startWriter(db, pace);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 10_000));
    const commits = await stopWriter(writer, t0, Date.now());
    runs.push({
      method: 'no backup',
      writeEveryMs: pace,
      seconds: 10,
      gaveUp: false,
      ...commits,
      load1: load(),
    });
  }
  for (const method of METHODS) {
    if (method === 'sqlite3 .backup' && !hasShell) continue;
    for (const pace of [null, ...paces]) {
      rmSync(out, { force: true });
      const writer = pace === null ? null : await startWriter(db, pace);
      const load1 = load();
      const t0 = Date.now();
      const gaveUp = await copy(method, db, out, limitS);
      const t1 = Date.now();
      const commits = writer ? await stopWriter(writer, t0, t1) : { commits: null, longestCommitMs: null };
      runs.push({
        method,
        writeEveryMs: pace,
        seconds: gaveUp ? null : round((t1 - t0) / 1000),
        gaveUp,
        ...commits,
        load1,
      });
      console.log(`backup ${JSON.stringify(runs.at(-1))}`);
    }
  }
  for (const f of [out, db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  return { reports, databaseBytes, runs };
}

const load = () => round(loadavg()[0] ?? 0, 2);

/** Copies `db` to `out` one way; answers whether it was given up after `limitS`. */
async function copy(method: Method, db: string, out: string, limitS: number): Promise<boolean> {
  const deadline = Date.now() + limitS * 1000;
  switch (method) {
    case 'sqlite3 .backup':
      return new Promise((resolve, reject) => {
        const child = execFile('sqlite3', [db, `.backup '${out}'`], { timeout: limitS * 1000 }, (err) => {
          if (err && child.killed) resolve(true);
          else if (err) reject(err);
          else resolve(false);
        });
      });
    case 'backup API, 100 pages a step': {
      const src = new SQLite(db, { readonly: true });
      try {
        await src.backup(out, {
          progress: () => {
            if (Date.now() > deadline) throw new Error('gave up');
            return 100;
          },
        });
        return false;
      } catch (err) {
        if ((err as Error).message === 'gave up') return true;
        throw err;
      } finally {
        src.close();
      }
    }
    case 'snapshot (npm run backup)':
      await copySnapshot(db, out);
      return false;
    case 'VACUUM INTO': {
      const src = new SQLite(db, { readonly: true });
      try {
        src.prepare('VACUUM INTO ?').run(out);
        return false;
      } finally {
        src.close();
      }
    }
  }
}

async function startWriter(db: string, everyMs: number): Promise<ChildProcess> {
  const child = fork(WRITER, [db, String(everyMs)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the writer exited with ${code}`)));
  });
  // Some commits before the copy starts: the writer is in its stride.
  await new Promise((r) => setTimeout(r, 1000));
  return child;
}

/** Stops the writer and answers its commits that overlap [from, to] and the longest of them. */
async function stopWriter(
  writer: ChildProcess,
  from: number,
  to: number,
): Promise<{ commits: number; longestCommitMs: number }> {
  const commits = await new Promise<[number, number][]>((resolve) => {
    writer.once('message', (m) => resolve(m as [number, number][]));
    writer.send('stop');
  });
  const during = commits.filter(([at, ms]) => at + ms >= from && at <= to);
  return {
    commits: during.length,
    longestCommitMs: round(Math.max(0, ...during.map(([, ms]) => ms))),
  };
}

export function formatBackupBench(r: BackupBenchResult): string {
  const cell = (v: number | null, unit = '') => (v === null ? '–' : `${v}${unit}`);
  return [
    `database copy of a ${round(r.databaseBytes / 1024 / 1024)} MB library at the start (${r.reports} synthetic reports)`,
    '| method | writer | copy took | writer commits during it | longest commit (stall) | load (1 min) |',
    '|---|---|---|---|---|---|',
    ...r.runs.map(
      (x) =>
        `| ${x.method} | ${x.writeEveryMs === null ? 'idle' : `a commit every ${x.writeEveryMs} ms`} | ${x.gaveUp ? 'gave up (kept restarting)' : cell(x.seconds, ' s')} | ${cell(x.commits)} | ${cell(x.longestCommitMs, ' ms')} | ${x.load1} |`,
    ),
  ].join('\n');
}
