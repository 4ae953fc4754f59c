import { parseArgs } from 'node:util';
import { pino, type Logger } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, describeConfig, loadConfig, type Config } from './config.js';
import { createAppSettings } from './db/app-settings.js';
import { importDirectory } from './ingest/import-dir.js';
import { seedDemoLibrary } from './ingest/seed-demo.js';
import { openRuntime, type Runtime } from './runtime.js';

const USAGE = `Usage: main.ts <command>
  start               serve the API and the web app (seeds the demo library on first start)
  migrate             apply database migrations and exit
  seed [--count N] [--seed S]   generate N demo reports and ingest them
  import DIR          ingest every PDF of a folder and print what happened to each`;

const DEMO_SEEDED = 'demo_seeded';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { count: { type: 'string' }, seed: { type: 'string' } },
  });
  const [command, ...args] = positionals;
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
    case 'import':
      if (!args[0]) return usage();
      return importCommand(config, log, args[0]);
    default:
      return usage();
  }
}

async function start(config: Config, log: Logger): Promise<void> {
  log.info({ config: describeConfig(config) }, 'configuration');
  const rt = await openRuntime(config, log);
  const app = await buildApp({ config, db: rt.db, storage: rt.storage, clock: rt.clock, logger: log });
  const url = await app.listen({ port: config.port, host: config.host });
  log.info({ url }, 'server listening');
  rt.runner.start();
  void seedOnFirstStart(rt, log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests and current job steps');
    await app.close();
    await rt.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** An empty library gets the demo reports once; an interrupted seeding resumes at the next start. */
async function seedOnFirstStart(rt: Runtime, log: Logger): Promise<void> {
  const settings = createAppSettings(rt.db);
  if (rt.config.seedCount === 0 || (await settings.get(DEMO_SEEDED))) return;
  log.info(
    { count: rt.config.seedCount },
    `seeding the demo library with ${rt.config.seedCount} generated reports`,
  );
  try {
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
  const rows = await importDirectory(rt, dir);
  await rt.close();
  const table = rows.map((r) => ({
    file: r.file,
    outcome: r.outcome,
    pages: r.pages,
    'title or reason': r.reason || r.title,
  }));
  console.table(table);
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

function usage(): void {
  console.error(USAGE);
  process.exitCode = 2;
}

await main();
