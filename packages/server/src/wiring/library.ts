import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { createIngestor, type Ingestor } from '../ingest/ingest-file.js';
import { loadBuiltinGlossary } from '../modules/glossary/builtin-glossary.js';
import { createGlossaryStore, type GlossaryStore } from '../modules/glossary/store.js';
import { createUploadDir, type UploadDir } from '../modules/uploads/temp-files.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { createLlmClient, llmSettingsOf, type LlmClient } from '../platform/llm.js';
import { openFileStorage, type FileStorage } from '../platform/storage/index.js';
import { createRepos, type Repos } from './repos.js';

/**
 * What every process of a library holds once, whether it serves HTTP, runs jobs or both: the
 * database and its repositories, the file store, the clock, the model provider, the folder of
 * unfinished uploads, the ingestion of new PDFs and the finance glossary in use.
 */
export interface Library {
  config: Config;
  log: Logger;
  db: Db;
  repos: Repos;
  storage: FileStorage;
  clock: Clock;
  /** The model provider's client (one per process), or null when none is configured. */
  llm: LlmClient | null;
  uploadDir: UploadDir;
  ingestor: Ingestor;
  /** The finance glossary in use (built-in terms and the console's changes), reread on a change. */
  glossary: GlossaryStore;
  /** Wakes whoever runs the jobs after this process queued one. */
  notifyJobs: () => void;
  /** Closes the database (its users, the HTTP app or the job runner, stop first). */
  close(): Promise<void>;
}

export interface LibraryOptions {
  clock?: Clock;
  /** The model provider; from the config when absent (tests pass the fake one, or null for none). */
  llm?: LlmClient | null;
  /**
   * The job runner of this process, or a message to the process that runs them. Absent: queued
   * jobs wait for the runner's next poll.
   */
  notifyJobs?: () => void;
}

/** Opens the library's parts; no migration, nothing runs yet (runtime.ts adds the jobs). */
export function openLibrary(config: Config, log: Logger, opts: LibraryOptions = {}): Library {
  const db = openDatabase(config.database, {
    onPoolError: (err) => log.warn({ err }, 'a database connection was lost'),
  });
  const repos = createRepos(db);
  const storage = openFileStorage(config.storage);
  const clock = opts.clock ?? systemClock;
  const notifyJobs = opts.notifyJobs ?? (() => undefined);
  return {
    config,
    log,
    db,
    repos,
    storage,
    clock,
    llm: opts.llm !== undefined ? opts.llm : createLlmClient(llmSettingsOf(config.llm)),
    uploadDir: createUploadDir(join(config.dataDir, 'uploads')),
    ingestor: createIngestor({ repo: repos.ingest, files: repos.files, storage, clock, notify: notifyJobs }),
    glossary: createGlossaryStore(repos.glossary, loadBuiltinGlossary),
    notifyJobs,
    close: () => db.destroy(),
  };
}
