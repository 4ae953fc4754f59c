import { join } from 'node:path';
import { INGEST_MAX_PAGES } from '@rl/contract';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { createIngestor, type Ingestor } from './ingest/ingest-file.js';
import { createIngestRepo } from './ingest/ingest-repo.js';
import { sweepStorage } from './ingest/sweep-storage.js';
import { createJobsRepo } from './jobs/jobs-repo.js';
import { createJobHandlers } from './jobs/handlers.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { listenForJobs } from './jobs/job-wakeups.js';
import { createFilesRepo } from './modules/files/repo.js';
import { startUploadSweeper } from './modules/uploads/sweep.js';
import { createUploadDir } from './modules/uploads/temp-files.js';
import { isoNow, systemClock, type Clock } from './platform/clock.js';
import { createLlmClient, llmSettingsOf, type LlmClient } from './platform/llm.js';
import { openFileStorage, type FileStorage } from './platform/storage/index.js';
import { enqueueMissingSummaries } from './modules/summary/summarise-job.js';
import { createPdfExtractor, type PdfExtractor } from './pdf/extract.js';
import { createTranslateWorkers } from './pdf/translate/in-worker.js';

/** Everything a running library needs besides HTTP: database, storage, PDF workers, jobs, ingestion. */
export interface Runtime {
  config: Config;
  db: Db;
  storage: FileStorage;
  clock: Clock;
  extractor: PdfExtractor;
  /** The job runner; tests and one-shot commands start it themselves, processes that run jobs call startJobs(). */
  runner: JobRunner;
  ingestor: Ingestor;
  /** The model provider's client (one per process), or null when none is configured. */
  llm: LlmClient | null;
  /** Starts the runner and, on PostgreSQL, listens for jobs other processes enqueue. */
  startJobs(): void;
  /**
   * Stops the job runner (current steps finish, their jobs are handed back), the PDF and translation
   * workers and the database.
   */
  close(): Promise<void>;
}

export async function openRuntime(config: Config, log: Logger, clock: Clock = systemClock): Promise<Runtime> {
  const db = openDatabase(config.database, {
    onPoolError: (err) => log.warn({ err }, 'a database connection was lost'),
  });
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');
  const storage = openFileStorage(config.storage);
  const extractor = createPdfExtractor({
    concurrency: config.pdfWorkers,
    timeoutMs: config.pdfTimeoutMs,
    maxPages: INGEST_MAX_PAGES,
  });
  // Jobs a dead process left running are taken over by whichever worker finds their lease run out.
  const jobs = createJobsRepo(db);
  const llm = createLlmClient(llmSettingsOf(config.llm));
  // With a provider, translations can come: after the first, one translation worker waits loaded.
  const translateWorkers = llm ? createTranslateWorkers() : null;
  // Ready files without a summary (a library from before summaries) are summarised in the background.
  const owed = await enqueueMissingSummaries(db, isoNow(clock));
  if (owed) log.info({ files: owed }, 'summaries owed: queued');
  const runner = createJobRunner({
    repo: jobs,
    handlers: createJobHandlers({
      db,
      storage,
      extractor,
      clock,
      llm,
      ...(config.llm ? { translateModel: config.llm.translateModel } : {}),
      log,
      ...(translateWorkers ? { translateWorkers } : {}),
    }),
    clock,
    log,
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseMs,
  });
  let wakeups: { close(): Promise<void> } | null = null;
  // Expired chunked uploads and leftovers of interrupted ones: swept now and every 10 minutes.
  const stopSweeper = startUploadSweeper(
    { db, dir: createUploadDir(join(config.dataDir, 'uploads')), clock },
    (err) => log.warn({ err }, 'sweeping unfinished uploads failed'),
  );
  // PDFs no row refers to and temporary names a crash left in the store: swept in the background.
  void sweepStorage({ db, storage, clock })
    .then((r) => r.orphans + r.leftovers > 0 && log.info(r, 'removed files a crash left in the store'))
    .catch((err: unknown) => log.warn({ err }, 'sweeping the file store failed'));
  const ingestor = createIngestor({
    repo: createIngestRepo(db),
    files: createFilesRepo(db),
    storage,
    clock,
    notify: () => runner.notify(),
  });
  return {
    config,
    db,
    storage,
    clock,
    extractor,
    runner,
    ingestor,
    llm,
    startJobs() {
      runner.start();
      wakeups ??= listenForJobs(config.database, () => runner.notify(), log);
      log.info({ worker: runner.workerId, concurrency: config.jobConcurrency }, 'running jobs');
    },
    async close() {
      stopSweeper();
      await wakeups?.close();
      await runner.stop();
      log.info('jobs stopped');
      await translateWorkers?.close();
      await extractor.close();
      log.info('PDF work stopped');
      await db.destroy();
    },
  };
}
