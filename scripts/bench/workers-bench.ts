import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Db } from '../../packages/server/src/db/database.js';
import {
  createProbeTables,
  enqueueProbe,
  openGates,
  PROBE_WORKER,
} from '../../packages/server/test/probe-jobs.js';
import { exited, runCli, runScript, waitFor } from '../../packages/server/test/process.js';
import { median, round } from './stats.js';

/**
 * Job workers as separate processes (issue 14), on the embedded SQLite file and on PostgreSQL
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped without either), each run in a schema or
 * folder of its own:
 * - takeover: a worker holding a job is killed with SIGKILL at a random moment of its renewal
 *   cycle; the time until an idle second worker holds the job (median of `runs`, per lease); and
 *   pickup, the time from enqueue to an idle worker claiming the job (LISTEN/NOTIFY on
 *   PostgreSQL, the 1 s poll on SQLite), from the row's created_at and locked_at;
 * - ingest: `start JOBS=off` queues `reports` demo reports, then 1 or 2 `worker` processes (default
 *   PDF_WORKERS and JOB_CONCURRENCY each) ingest them; pages/s from the first claim to the last
 *   ingest job done (extractive summaries run in the same workers meanwhile).
 */

interface BenchDb {
  name: 'sqlite' | 'postgres';
  url: string;
  settings: Parameters<typeof openDatabase>[0];
  drop(): Promise<void>;
}

const postgresServer = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** A fresh database of each kind available: a SQLite file in `dir`, a new PostgreSQL schema. */
async function benchDatabases(dir: string): Promise<BenchDb[]> {
  const path = join(dir, `library-${randomBytes(3).toString('hex')}.db`);
  const out: BenchDb[] = [
    {
      name: 'sqlite',
      url: `sqlite:${path}`,
      settings: { kind: 'sqlite', path },
      drop: async () => undefined,
    },
  ];
  const server = postgresServer();
  if (!server) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user@host:5432/db');
    return out;
  }
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const u = new URL(server);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  out.push({
    name: 'postgres',
    url: u.toString(),
    settings: { kind: 'postgres', url: u.toString(), poolSize: 3 },
    drop: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  });
  return out;
}

const workerIdOf = (child: ReturnType<typeof runScript>) =>
  waitFor(
    'a worker to run jobs',
    () => /"worker":"([^"]+)"[^\n]*"msg":"running jobs"/.exec(child.output())?.[1],
    120_000,
  );

export interface TakeoverResult {
  database: string;
  leaseS: number;
  runs: number;
  /** Milliseconds from the SIGKILL to the second worker holding the job. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  samplesMs: number[];
  /** Milliseconds from enqueue to an idle worker's claim, median over the runs. */
  medianPickupMs: number;
}

export async function benchTakeover(opts: { leasesS: number[]; runs: number }): Promise<TakeoverResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-bench-takeover-'));
  const results: TakeoverResult[] = [];
  try {
    for (const database of await benchDatabases(dir)) {
      const db = openDatabase(database.settings);
      try {
        await migrateToLatest(db);
        await createProbeTables(db);
        for (const leaseS of opts.leasesS) {
          const samples: number[] = [];
          const pickups: number[] = [];
          for (let i = 0; i < opts.runs; i++) {
            const r = await takeoverOnce(db, database, dir, leaseS);
            samples.push(r.takeoverMs);
            pickups.push(r.pickupMs);
          }
          const r = {
            database: database.name,
            leaseS,
            runs: opts.runs,
            medianMs: Math.round(median(samples)),
            minMs: Math.min(...samples),
            maxMs: Math.max(...samples),
            samplesMs: samples,
            medianPickupMs: Math.round(median(pickups)),
          };
          console.log('takeover', JSON.stringify(r));
          results.push(r);
        }
      } finally {
        await db.destroy();
        await database.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

async function takeoverOnce(
  db: Db,
  database: BenchDb,
  dir: string,
  leaseS: number,
): Promise<{ takeoverMs: number; pickupMs: number }> {
  const env = {
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: database.url,
    JOB_LEASE_S: String(leaseS),
    LOG_LEVEL: 'info',
  };
  const a = runScript(PROBE_WORKER, [], env);
  let b: ReturnType<typeof runScript> | undefined;
  try {
    await workerIdOf(a);
    // Enqueued at a random moment of a's poll cycle (a poll comes at start, then every second).
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    const id = await enqueueProbe(db, { gated: true });
    const holder = async () =>
      (await db.selectFrom('jobs').select('locked_by').where('id', '=', id).executeTakeFirstOrThrow())
        .locked_by ?? undefined;
    await waitFor('worker a to hold the job', holder);
    // b starts once a holds the job, and waits idle, polling (and listening on PostgreSQL).
    b = runScript(PROBE_WORKER, [], env);
    const bId = await workerIdOf(b);
    const row = await db
      .selectFrom('jobs')
      .select(['created_at', 'locked_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const pickupMs = Date.parse(row.locked_at!) - Date.parse(row.created_at);
    // A random moment of a's renewal cycle (it renews every third of the lease).
    await new Promise((r) => setTimeout(r, (Math.random() * (leaseS * 1000)) / 3));
    a.kill('SIGKILL');
    const t0 = performance.now();
    await waitFor(
      'worker b to take the job over',
      async () => ((await holder()) === bId ? true : undefined),
      120_000,
    );
    const takeoverMs = Math.round(performance.now() - t0);
    await openGates(db);
    // Done before b stops: a job b handed back would be the next run's.
    await waitFor('worker b to finish the job', async () => {
      const r = await db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      return r.state === 'done' ? true : undefined;
    });
    return { takeoverMs, pickupMs };
  } finally {
    a.kill('SIGKILL');
    b?.kill('SIGTERM');
    await Promise.all([exited(a), b && exited(b)]);
  }
}

export interface WorkerIngestResult {
  database: string;
  workers: number;
  reports: number;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
}

export async function benchWorkerIngest(opts: {
  workers: number[];
  reports: number;
}): Promise<WorkerIngestResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-bench-workers-'));
  const results: WorkerIngestResult[] = [];
  try {
    for (const n of opts.workers) {
      for (const database of await benchDatabases(dir)) {
        try {
          const r = await ingestWith(database, join(dir, `data-${database.name}-${n}`), n, opts.reports);
          console.log('ingest with workers', JSON.stringify(r));
          results.push(r);
        } finally {
          await database.drop();
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

async function ingestWith(database: BenchDb, dataDir: string, workers: number, reports: number) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'info', DEMO_ACCOUNTS: '0' };
  // The HTTP-only server queues the demo reports (generated, stored, one job each) and stops.
  const server = runCli(['start'], {
    ...env,
    JOBS: 'off',
    SEED_COUNT: String(reports),
    HTTP_WORKERS: '1',
    PORT: '0',
  });
  await waitFor(
    'the demo reports queued',
    () => (server.output().includes('demo reports queued for ingestion') ? true : undefined),
    600_000,
  );
  server.kill('SIGTERM');
  await exited(server);

  const procs = Array.from({ length: workers }, () => runCli(['worker'], env));
  const db = openDatabase(database.settings);
  try {
    const ingest = () => db.selectFrom('jobs').where('type', '=', 'ingest');
    await waitFor(
      'every report ingested',
      async () => {
        const open = await ingest().select('id').where('state', 'in', ['queued', 'running']).execute();
        return open.length === 0 ? true : undefined;
      },
      1_800_000,
    );
    const span = await ingest()
      .select((eb) => [eb.fn.min('locked_at').as('first'), eb.fn.max('updated_at').as('last')])
      .executeTakeFirstOrThrow();
    const pages = await db
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number>('page_count').as('n'))
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    const seconds = (Date.parse(String(span.last)) - Date.parse(String(span.first))) / 1000;
    return {
      database: database.name,
      workers,
      reports,
      pages: Number(pages.n),
      seconds: round(seconds),
      pagesPerSecond: round(Number(pages.n) / seconds),
    };
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map(exited));
    await db.destroy();
  }
}

export function formatWorkersBench(r: {
  takeover?: TakeoverResult[];
  ingest?: WorkerIngestResult[];
}): string {
  const lines: string[] = [];
  for (const t of r.takeover ?? [])
    lines.push(
      `takeover ${t.database} lease ${t.leaseS} s: median ${t.medianMs} ms (${t.minMs}-${t.maxMs}, ${t.runs} runs); ` +
        `pickup by an idle worker: median ${t.medianPickupMs} ms`,
    );
  for (const i of r.ingest ?? [])
    lines.push(
      `ingest ${i.database} ${i.workers} worker(s): ${i.pagesPerSecond} pages/s (${i.pages} pages in ${i.seconds} s)`,
    );
  return lines.join('\n');
}
