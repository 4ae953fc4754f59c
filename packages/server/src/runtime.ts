import { join } from 'node:path';
import { INGEST_MAX_PAGES } from '@rl/contract';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { createIngestor, type Ingestor } from './ingest/ingest-file.js';
import { sweepStorage } from './ingest/sweep-storage.js';
import { createJobsRepo } from './jobs/jobs-repo.js';
import { createJobHandlers } from './jobs/handlers.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { createFilesRepo } from './modules/files/repo.js';
import { startUploadSweeper } from './modules/uploads/sweep.js';
import { createUploadDir } from './modules/uploads/temp-files.js';
import { isoNow, systemClock, type Clock } from './platform/clock.js';
import { createLlmClient, llmSettingsOf, type LlmClient } from './platform/llm.js';
import { createFileStorage, type FileStorage } from './platform/storage.js';
import { enqueueMissingSummaries } from './modules/summary/summarise-job.js';
import { createPdfExtractor, type PdfExtractor } from './pdf/extract.js';
import { createTranslateWorkers } from './pdf/translate/index.js';

/** Everything a running library needs besides HTTP: database, storage, PDF workers, jobs, ingestion. */
export interface Runtime {
  config: Config;
  db: Db;
  storage: FileStorage;
  clock: Clock;
  extractor: PdfExtractor;
  runner: JobRunner;
  ingestor: Ingestor;
  /** The model provider's client (one per process), or null when none is configured. */
  llm: LlmClient | null;
  /** Stops the job runner (current steps finish), the PDF and translation workers and the database. */
  close(): Promise<void>;
}

export async function openRuntime(config: Config, log: Logger, clock: Clock = systemClock): Promise<Runtime> {
  const db = openDatabase(config.database, {
    onPoolError: (err) => log.warn({ err }, 'a database connection was lost'),
  });
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');
  const storage = createFileStorage(join(config.dataDir, 'files'));
  const extractor = createPdfExtractor({
    concurrency: config.pdfWorkers,
    timeoutMs: config.pdfTimeoutMs,
    maxPages: INGEST_MAX_PAGES,
  });
  const jobs = createJobsRepo(db);
  const resumed = await jobs.requeueAbandoned(isoNow(clock));
  if (resumed) log.info({ jobs: resumed }, 'resuming jobs left running by the previous process');
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
  });
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
    db,
    files: createFilesRepo(db),
    jobs,
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
    async close() {
      stopSweeper();
      await runner.stop();
      await translateWorkers?.close();
      await extractor.close();
      await db.destroy();
    },
  };
}
