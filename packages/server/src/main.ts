import cluster, { type Worker } from 'node:cluster';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pino, type Logger } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describeConfig } from './config-description.js';
import { createAppSettings } from './db/app-settings.js';
import { backupCommand, restoreCommand } from './commands/backup/command.js';
import { dbCopyCommand } from './commands/db-copy/command.js';
import { importDirectory } from './commands/import-dir.js';
import { formatImportRow } from './commands/import-report.js';
import { createDemoAccounts, DEMO_ACCOUNTS_FILE } from './modules/users/demo-accounts.js';
import { createPasswordHasher } from './platform/password.js';
import type { App } from './http/server.js';
import { openRuntime, type Runtime } from './runtime.js';
import { openLibrary, type Library } from './wiring/library.js';
import {
  acceptOnListenCopies,
  letKernelBalanceConnections,
  shareListenDescriptors,
  watchEventLoop,
} from './ops/http-cluster.js';

const USAGE = `Usage: main.js <command>   (or --help)
  start               serve the API and the web app (seeds the demo library on first start);
                      with JOBS=off it only serves, and worker processes run the jobs
  worker              run jobs (ingest, summarise, translate) and nothing else
  migrate             apply database migrations and exit
  seed [--count N] [--seed S]   generate N demo reports and ingest them
  import DIR          ingest every PDF of a folder and print what happened to each
  db:copy --from sqlite:PATH --to postgres://... [--files-to s3://BUCKET/PREFIX]
                      copy a library into an empty PostgreSQL database and verify it
  backup DIR          copy a running SQLite library (database, PDFs, signing secret) into an
                      empty folder and verify the copy
  restore DIR         put a verified backup in place of a library that has no database`;

const COMMANDS = new Set(['start', 'worker', 'migrate', 'seed', 'backup', 'restore', 'import']);
const DIR_COMMANDS = new Set(['import', 'backup', 'restore']);

const DEMO_SEEDED = 'demo_seeded';
/** Message an HTTP worker sends the primary after enqueuing a job. */
const JOBS_ENQUEUED = 'jobs-enqueued';

async function main(): Promise<void> {
  // Before the server's configuration and options: db:copy has its own (commands/db-copy/args.ts). It exits
  // explicitly: an S3 client's idle keep-alive sockets would hold the process open.
  if (process.argv[2] === 'db:copy') process.exit(await dbCopyCommand(process.argv.slice(3)));
  const parsed = parseCommandLine();
  if (!parsed) return usage();
  const { positionals, values } = parsed;
  const [command, ...args] = positionals;
  if (values.help || command === 'help') {
    console.log(USAGE);
    return;
  }
  // Before the configuration, which creates DATA_DIR and its signing secret: a mistyped command
  // must leave no trace.
  if (!command || !COMMANDS.has(command)) return usage();
  if (DIR_COMMANDS.has(command) && !args[0]) return usage();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  switch (command) {
    case 'start':
      return start(config, log);
    case 'worker':
      return worker(config, log);
    case 'migrate': {
      const rt = await openRuntime(config, log);
      await rt.close();
      return;
    }
    case 'seed':
      return seed(
        config,
        log,
        positiveInt(values.count, config.seedCount),
        positiveInt(values.seed, config.seed),
      );
    case 'backup':
      process.exitCode = await backupCommand(config, args);
      return;
    case 'restore':
      process.exitCode = await restoreCommand(config, args);
      return;
    case 'import':
      if (!args[0]) return usage();
      return importCommand(config, log, resolve(process.env.INIT_CWD ?? process.cwd(), args[0]));
    default:
      return usage();
  }
}

/**
 * `start`: with HTTP_WORKERS > 1 the primary process owns migrations, the job runner and seeding,
 * and forks that many HTTP processes sharing the port (SQLite in WAL mode serves them all), so
 * requests use every core. With HTTP_WORKERS = 1 one process does everything. With JOBS=off no
 * job runs here (seeding still queues its jobs): `worker` processes on the same database run them.
 */
async function start(config: Config, log: Logger): Promise<void> {
  if (cluster.isWorker) return serveHttp(config, log);
  log.info({ config: describeConfig(config) }, 'configuration');
  let rt: Runtime | undefined;
  let app: App | null = null;
  let closing = false;
  const starting = (async () => {
    const r = (rt = await openRuntime(config, log));
    if (config.httpWorkers === 1) app = await listen(r);
    if (config.runJobs) r.startJobs();
    await demoAccountsOnFirstStart(r, log);
    void seedOnFirstStart(r, log);
    if (config.httpWorkers > 1 && !closing) {
      letKernelBalanceConnections();
      shareListenDescriptors(log);
      for (let i = 0; i < config.httpWorkers; i++) cluster.fork();
      cluster.on('message', (_worker, msg) => msg === JOBS_ENQUEUED && r.runner.notify());
      cluster.on('exit', (worker, code) => {
        if (!closing) {
          log.error({ pid: worker.process.pid, code }, 'HTTP worker died; starting another');
          cluster.fork();
        }
      });
    }
  })();

  // Signals are handled from the first moment: one that comes while the process still starts
  // (migrations, demo accounts) stops it once started, rather than killing it with no exit code.
  onSignals(log, async () => {
    closing = true;
    await starting.catch(() => undefined);
    // Workers stop accepting, finish their requests, then exit; the runner finishes its steps
    // and hands their jobs back.
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => w && stopWorker(w)));
    await app?.close();
    log.info('HTTP closed; stopping jobs and PDF work');
    await rt?.close();
  });
  await starting;
}

/**
 * `worker`: migrations, PDF workers and the job runner, no HTTP. Any number of workers (and
 * `start` processes) share one database; each job is claimed by one of them under a lease.
 */
async function worker(config: Config, log: Logger): Promise<void> {
  log.info({ config: describeConfig(config) }, 'configuration');
  let rt: Runtime | undefined;
  const starting = openRuntime(config, log).then((r) => {
    rt = r;
    r.startJobs();
  });
  onSignals(log, async () => {
    await starting.catch(() => undefined);
    await rt?.close();
  });
  await starting;
}

async function listen(lib: Library): Promise<App> {
  const app = await buildApp(lib);
  const url = await app.listen({ port: lib.config.port, host: lib.config.host });
  lib.log.info({ url }, 'server listening');
  watchEventLoop(lib.log);
  return app;
}

/** An HTTP worker of the cluster: the API and the web app on the shared port, nothing else. */
async function serveHttp(config: Config, log: Logger): Promise<void> {
  // The primary runs the jobs: tell it at once that an upload queued one.
  const lib = openLibrary(config, log, { notifyJobs: () => process.send?.(JOBS_ENQUEUED) });
  let app: App | null = null;
  let stopCopies: () => Promise<void> = async () => undefined;
  // The primary disconnects to stop us: requests under way finish (none before we listen). It may
  // have done so while this process was still loading.
  if (!process.connected) process.exit(0);
  process.on('disconnect', () => {
    const copiesEnded = stopCopies();
    void (app?.close() ?? Promise.resolve())
      .then(() => copiesEnded)
      .then(() => lib.close())
      .finally(() => process.exit(0));
  });
  process.on('SIGTERM', () => undefined); // the primary decides when to stop
  process.on('SIGINT', () => undefined);
  app = await listen(lib);
  if (process.connected) stopCopies = acceptOnListenCopies(app.server);
}

const stopWorker = (w: Worker) =>
  new Promise<void>((resolve) => {
    if (w.isDead()) return resolve();
    w.once('exit', () => resolve());
    w.disconnect();
  });

function onSignals(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) {
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests and current job steps');
    void stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutting down failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
}

/** The first start creates the demo administrator and users and prints their credentials once. */
async function demoAccountsOnFirstStart(rt: Runtime, log: Logger): Promise<void> {
  if (!rt.config.demoAccounts) return;
  try {
    const accounts = await createDemoAccounts({
      db: rt.db,
      hasher: createPasswordHasher(),
      clock: rt.clock,
      dataDir: rt.config.dataDir,
    });
    if (!accounts?.length) return;
    const lines = accounts.map((a) => `  ${a.role}: ${a.username} / ${a.email} / ${a.password}`);
    console.log(
      `\nDemo accounts (shown once; also in ${join(rt.config.dataDir, DEMO_ACCOUNTS_FILE)}, mode 600):\n${lines.join('\n')}\n`,
    );
  } catch (err) {
    log.error({ err }, 'creating the demo accounts failed');
  }
}

/**
 * The demo generator (pdf-lib, fonts, charts) is loaded only to seed: a restart of a seeded
 * library, the usual case, need not spend a second of its start on it.
 */
const demoSeeding = () => import('./commands/seed-demo.js');

/** An empty library gets the demo reports once; an interrupted seeding resumes at the next start. */
async function seedOnFirstStart(rt: Runtime, log: Logger): Promise<void> {
  const settings = createAppSettings(rt.db);
  if (rt.config.seedCount === 0 || (await settings.get(DEMO_SEEDED))) return;
  log.info(
    { count: rt.config.seedCount },
    `seeding the demo library with ${rt.config.seedCount} generated reports`,
  );
  try {
    const { seedDemoLibrary } = await demoSeeding();
    const r = await seedDemoLibrary(rt, { count: rt.config.seedCount, seed: rt.config.seed });
    await settings.set(DEMO_SEEDED, new Date().toISOString());
    log.info(
      { queued: r.queued, duplicates: r.duplicates, rejected: r.rejected.length },
      'demo reports queued for ingestion',
    );
  } catch (err) {
    log.error({ err }, 'seeding the demo library failed; it will resume at the next start');
  }
}

async function seed(config: Config, log: Logger, count: number, seedValue: number): Promise<void> {
  const rt = await openRuntime(config, log);
  const t0 = performance.now();
  const { seedDemoLibrary } = await demoSeeding();
  const r = await seedDemoLibrary(rt, { count, seed: seedValue });
  rt.runner.start();
  await rt.runner.idle();
  const s = (performance.now() - t0) / 1000;
  await createAppSettings(rt.db).set(DEMO_SEEDED, new Date().toISOString());
  await rt.close();
  console.log(
    `Seeded ${r.queued} reports (${r.duplicates} already there, ${r.rejected.length} rejected) in ${s.toFixed(1)} s: ` +
      `${(r.queued / s).toFixed(1)} reports/s`,
  );
}

async function importCommand(config: Config, log: Logger, dir: string): Promise<void> {
  const rt = await openRuntime(config, log);
  // Each file's reading is printed once its ingestion has finished.
  const rows = await importDirectory(rt, dir, (row, index, count) =>
    console.log(`${formatImportRow(row, index, count)}\n`),
  );
  await rt.close();
  const n = (o: string) => rows.filter((r) => r.outcome === o).length;
  console.log(`${n('ingested')} ingested, ${n('duplicate')} duplicates, ${n('rejected')} rejected`);
}

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`Expected a whole number, got ${value}`);
    process.exit(2);
  }
  return n;
}

/** The command line, or null (said on stderr) when it has an option no command takes. */
function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { count: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return null;
  }
}

function usage(): void {
  console.error(USAGE);
  process.exitCode = 2;
}

await main();
