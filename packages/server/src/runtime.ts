import { INGEST_MAX_PAGES } from '@rl/contract';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { migrateToLatest } from './db/database.js';
import { sweepStorage } from './ingest/sweep-storage.js';
import { createJobHandlers } from './wiring/job-handlers.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { listenForJobs } from './jobs/job-wakeups.js';
import { startUploadSweeper } from './modules/uploads/sweep.js';
import { scheduleDigests } from './modules/digests/schedule.js';
import { isoNow } from './platform/clock.js';
import { queueOwedSummaries } from './modules/summary/summarise-job.js';
import { reingestIfOutdated } from './ingest/reingest-service.js';
import { createPdfExtractor, type PdfExtractor } from './pdf/extract.js';
import { createTranslateWorkers } from './pdf/translate/in-worker.js';
import { openLibrary, type Library, type LibraryOptions } from './wiring/library.js';

/**
 * A library that runs jobs: the parts every process holds (wiring/library.ts), migrated, with the
 * PDF workers and the job runner; uploads and imports wake this runner.
 */
export interface Runtime extends Library {
  extractor: PdfExtractor;
  /** The job runner; tests and one-shot commands start it themselves, processes that run jobs call startJobs(). */
  runner: JobRunner;
  /**
   * Starts the runner and, on PostgreSQL, listens for jobs other processes enqueue; queues a
   * re-ingestion when a ready file was read by an older version of the reading.
   */
  startJobs(): void;
  /**
   * Stops the job runner (current steps finish, their jobs are handed back), the PDF and translation
   * workers and the database.
   */
  close(): Promise<void>;
}

interface RuntimeOptions extends Omit<LibraryOptions, 'notifyJobs'> {
  /**
   * Work done ahead of need (default on): summaries owed queued and what a crash left swept at
   * start, a translation worker kept loaded. The test harness turns it off: its clock stands still,
   * and the tests of each piece run it themselves.
   */
  background?: boolean;
}

export async function openRuntime(config: Config, log: Logger, opts: RuntimeOptions = {}): Promise<Runtime> {
  const { background = true, ...libraryOptions } = opts;
  const lib = openLibrary(config, log, { ...libraryOptions, notifyJobs: () => runner.notify() });
  const { db, storage, clock, llm } = lib;
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');
  const extractor = createPdfExtractor({
    concurrency: config.pdfWorkers,
    timeoutMs: config.pdfTimeoutMs,
    maxPages: INGEST_MAX_PAGES,
  });
  // With a provider, translations can come: after the first, one translation worker waits loaded.
  const translateWorkers = llm && background ? createTranslateWorkers() : null;
  if (background) {
    // Ready files without a summary (a library from before summaries) are summarised in the background.
    const owed = await queueOwedSummaries(lib.transaction, isoNow(clock));
    if (owed) log.info({ files: owed }, 'summaries owed: queued');
  }
  // Jobs a dead process left running are taken over by whichever worker finds their lease run out.
  const runner = createJobRunner({
    repo: lib.repos.jobs,
    handlers: createJobHandlers({
      repos: lib.repos,
      transaction: lib.transaction,
      writes: lib.ingestWrites,
      storage,
      extractor,
      clock,
      llm,
      glossary: lib.glossary,
      digests: lib.digests,
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
  let stopDigests: (() => void) | null = null;
  const stopSweeper = background ? startSweeping(lib) : () => undefined;
  return {
    ...lib,
    extractor,
    runner,
    startJobs() {
      runner.start();
      // Files an older version of the reading read are read again in the background, corrections
      // kept: queued by processes that keep running jobs, not by one-shot commands (seed, import).
      reingestIfOutdated({ repo: lib.repos.reingest, jobs: lib.repos.jobs }, isoNow(clock)).then(
        (queued) => queued && log.info('files read by an older reading: re-ingestion queued'),
        (err: unknown) => log.warn({ err }, 'queuing a re-ingestion failed'),
      );
      wakeups ??= listenForJobs(config.database, () => runner.notify(), log);
      // The e-mail digests: a run a minute when one has work, by whichever process's runner claims it.
      stopDigests ??= scheduleDigests({
        jobs: lib.repos.jobs,
        digests: lib.repos.digests,
        clock,
        notify: () => runner.notify(),
        onError: (err) => log.warn({ err }, 'queuing a digests run failed'),
        intervalMs: config.digest.runIntervalMs,
      });
      log.info({ worker: runner.workerId, concurrency: config.jobConcurrency }, 'running jobs');
    },
    async close() {
      stopSweeper();
      stopDigests?.();
      await wakeups?.close();
      await runner.stop();
      log.info('jobs stopped');
      await translateWorkers?.close();
      await extractor.close();
      log.info('PDF work stopped');
      await lib.close();
    },
  };
}

/** Sweeps in the background what a crash can leave behind; answers how to stop the periodic one. */
function startSweeping({ db, storage, clock, uploadDir, log }: Library): () => void {
  // Expired chunked uploads and leftovers of interrupted ones: swept now and every 10 minutes.
  const stopSweeper = startUploadSweeper({ db, dir: uploadDir, clock }, (err) =>
    log.warn({ err }, 'sweeping unfinished uploads failed'),
  );
  // PDFs no row refers to and temporary names a crash left in the store: swept in the background.
  void sweepStorage({ db, storage, clock })
    .then((r) => r.orphans + r.leftovers > 0 && log.info(r, 'removed files a crash left in the store'))
    .catch((err: unknown) => log.warn({ err }, 'sweeping the file store failed'));
  return stopSweeper;
}
