import cluster, { type Worker } from 'node:cluster';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pino, type Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describeConfig } from './config-description.js';
import type { App } from './http/server.js';
import type { Runtime } from './runtime.js';
import type { Library } from './wiring/library.js';
import {
  acceptOnListenCopies,
  letKernelBalanceConnections,
  shareListenDescriptors,
  watchEventLoop,
} from './ops/http-cluster.js';

/*
 * Every part of the server is imported where a command needs it, not here: the primary of the
 * cluster forks the HTTP workers before it loads the job runner, and neither it nor a `worker`
 * loads the HTTP app (fastify, the routes and their schemas); each HTTP worker loads only the app.
 * A restart's critical path is the primary's start up to the fork, then a worker's.
 */
const loadRuntime = () => import('./runtime.js');
const loadHttpApp = () => Promise.all([import('./app.js'), import('./wiring/library.js')]);

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
/** An HTTP worker's question, and the primary's answer once the database is migrated. */
const MAY_LISTEN = 'may-listen';

async function main(): Promise<void> {
  // Before the server's configuration and options: db:copy has its own (commands/db-copy/args.ts). It exits
  // explicitly: an S3 client's idle keep-alive sockets would hold the process open.
  if (process.argv[2] === 'db:copy') {
    const { dbCopyCommand } = await import('./commands/db-copy/command.js');
    process.exit(await dbCopyCommand(process.argv.slice(3)));
  }
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
      const rt = await (await loadRuntime()).openRuntime(config, log);
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
      process.exitCode = await (await import('./commands/backup/command.js')).backupCommand(config, args);
      return;
    case 'restore':
      process.exitCode = await (await import('./commands/backup/command.js')).restoreCommand(config, args);
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
 *
 * The HTTP workers are forked first and load and build the app while the primary loads the job
 * runner and migrates the database; each listens once the primary says the database is migrated
 * (`MAY_LISTEN`), so no request meets an older schema.
 */
async function start(config: Config, log: Logger): Promise<void> {
  if (cluster.isWorker) return serveHttp(config, log);
  log.info({ config: describeConfig(config) }, 'configuration');
  let rt: Runtime | undefined;
  let app: App | null = null;
  let closing = false;
  let migrated: (ok: boolean) => void = () => undefined;
  const databaseReady = new Promise<boolean>((resolve) => (migrated = resolve));
  if (config.httpWorkers > 1) forkHttpWorkers(config, log, databaseReady, () => closing);
  // One process does everything: the app loads while the database is migrated.
  const httpApp = config.httpWorkers === 1 ? loadHttpApp() : null;
  const starting = (async () => {
    try {
      const r = (rt = await (await loadRuntime()).openRuntime(config, log));
      cluster.on('message', (_worker, msg) => msg === JOBS_ENQUEUED && r.runner.notify());
      if (httpApp) app = await listen(r, await httpApp);
      if (config.runJobs) r.startJobs();
      await demoAccountsOnFirstStart(r, log);
      migrated(true);
      void seedOnFirstStart(r, log);
    } finally {
      migrated(false);
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
 * Forks the HTTP workers at once and answers each one's `MAY_LISTEN` when `databaseReady` resolves
 * (a worker asks as soon as it starts: a message sent before it listened for the answer would be
 * lost). A worker that dies is replaced unless the primary is closing.
 */
function forkHttpWorkers(
  config: Config,
  log: Logger,
  databaseReady: Promise<boolean>,
  closing: () => boolean,
): void {
  letKernelBalanceConnections();
  shareListenDescriptors(log);
  cluster.on('message', (worker, msg: unknown) => {
    if (msg !== MAY_LISTEN) return;
    void databaseReady.then((ok) => ok && worker.isConnected() && worker.send(MAY_LISTEN));
  });
  cluster.on('exit', (worker, code) => {
    if (!closing()) {
      log.error({ pid: worker.process.pid, code }, 'HTTP worker died; starting another');
      cluster.fork();
    }
  });
  for (let i = 0; i < config.httpWorkers; i++) cluster.fork();
}

/**
 * `worker`: migrations, PDF workers and the job runner, no HTTP. Any number of workers (and
 * `start` processes) share one database; each job is claimed by one of them under a lease.
 */
async function worker(config: Config, log: Logger): Promise<void> {
  log.info({ config: describeConfig(config) }, 'configuration');
  let rt: Runtime | undefined;
  const starting = loadRuntime()
    .then(({ openRuntime }) => openRuntime(config, log))
    .then((r) => {
      rt = r;
      r.startJobs();
    });
  onSignals(log, async () => {
    await starting.catch(() => undefined);
    await rt?.close();
  });
  await starting;
}

type HttpApp = Awaited<ReturnType<typeof loadHttpApp>>;

async function listen(lib: Library, [{ buildApp }]: HttpApp, ready?: Promise<void>): Promise<App> {
  const app = await buildApp(lib);
  await ready;
  const url = await app.listen({ port: lib.config.port, host: lib.config.host });
  lib.log.info({ url }, 'server listening');
  watchEventLoop(lib.log);
  return app;
}

/** An HTTP worker of the cluster: the API and the web app on the shared port, nothing else. */
async function serveHttp(config: Config, log: Logger): Promise<void> {
  let lib: Library | null = null;
  let app: App | null = null;
  let stopCopies: () => Promise<void> = async () => undefined;
  // The primary disconnects to stop us: requests under way finish (none before we listen). It may
  // have done so while this process was still loading.
  if (!process.connected) process.exit(0);
  process.on('disconnect', () => {
    const copiesEnded = stopCopies();
    void (app?.close() ?? Promise.resolve())
      .then(() => copiesEnded)
      .then(() => lib?.close())
      .finally(() => process.exit(0));
  });
  process.on('SIGTERM', () => undefined); // the primary decides when to stop
  process.on('SIGINT', () => undefined);
  // Asked at once, answered once the primary has migrated the database: the app loads meanwhile.
  const mayListen = new Promise<void>((resolve) => {
    const answered = (msg: unknown) => {
      if (msg !== MAY_LISTEN) return;
      process.off('message', answered);
      resolve();
    };
    process.on('message', answered);
  });
  process.send?.(MAY_LISTEN);
  const httpApp = await loadHttpApp();
  // The primary runs the jobs: tell it at once that an upload queued one.
  lib = httpApp[1].openLibrary(config, log, { notifyJobs: () => process.send?.(JOBS_ENQUEUED) });
  app = await listen(lib, httpApp, mayListen);
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
    const [{ createDemoAccounts, DEMO_ACCOUNTS_FILE }, { createPasswordHasher }] = await Promise.all([
      import('./modules/users/demo-accounts.js'),
      import('./platform/password.js'),
    ]);
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
  const settings = (await import('./db/app-settings.js')).createAppSettings(rt.db);
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
  const rt = await (await loadRuntime()).openRuntime(config, log);
  const t0 = performance.now();
  const { seedDemoLibrary } = await demoSeeding();
  const r = await seedDemoLibrary(rt, { count, seed: seedValue });
  rt.runner.start();
  await rt.runner.idle();
  const s = (performance.now() - t0) / 1000;
  await (
    await import('./db/app-settings.js')
  )
    .createAppSettings(rt.db)
    .set(DEMO_SEEDED, new Date().toISOString());
  await rt.close();
  console.log(
    `Seeded ${r.queued} reports (${r.duplicates} already there, ${r.rejected.length} rejected) in ${s.toFixed(1)} s: ` +
      `${(r.queued / s).toFixed(1)} reports/s`,
  );
}

async function importCommand(config: Config, log: Logger, dir: string): Promise<void> {
  const [{ openRuntime }, { importDirectory }, { formatImportRow }] = await Promise.all([
    loadRuntime(),
    import('./commands/import-dir.js'),
    import('./commands/import-report.js'),
  ]);
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
