import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { createIngestor, type Ingestor } from '../ingest/ingest-file.js';
import { createIngestWrites, type IngestWrites } from '../ingest/ingest-writes.js';
import { loadBuiltinGlossary } from '../modules/glossary/builtin-glossary.js';
import { createGlossaryStore, type GlossaryStore } from '../modules/glossary/store.js';
import { createUploadDir, type UploadDir } from '../modules/uploads/temp-files.js';
import { createDigestLinks, type DigestLinks } from '../modules/digests/links.js';
import { createMailer, type Mailer } from '../platform/mail.js';
import { createOutbox } from '../platform/outbox.js';
import { createLastingSigner } from '../platform/signing.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { createLlmClient, llmSettingsOf, type LlmClient } from '../platform/llm.js';
import { openFileStorage, type FileStorage } from '../platform/storage/index.js';
import type { UnitOfWork } from '../db/unit-of-work.js';
import { createRepos, createUnitOfWork, type Repos } from './repos.js';

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
  /** The one unit of work: repositories bound to one transaction (db/unit-of-work.ts). */
  transaction: UnitOfWork<Repos>;
  storage: FileStorage;
  clock: Clock;
  /** The model provider's client (one per process), or null when none is configured. */
  llm: LlmClient | null;
  uploadDir: UploadDir;
  ingestor: Ingestor;
  /** Ingestion's units of work: a new file with its job, a reading's results, a re-reading. */
  ingestWrites: IngestWrites;
  /** The finance glossary in use (built-in terms and the console's changes), reread on a change. */
  glossary: GlossaryStore;
  /** Outgoing mail: the SMTP server of SMTP_URL, or the dev outbox. */
  mailer: Mailer;
  /** What the e-mail digests carry and when their periods start (DIGEST_HOUR). */
  digests: DigestParts;
  /** Wakes whoever runs the jobs after this process queued one. */
  notifyJobs: () => void;
  /** Closes the database (its users, the HTTP app or the job runner, stop first). */
  close(): Promise<void>;
}

/**
 * The digests' mail parts: the mailer, their signed links and ids, the hour a period starts, and
 * how long a sender holds a digest it claimed (DIGEST_LEASE_S).
 */
export interface DigestParts {
  mailer: Mailer;
  links: DigestLinks;
  hour: number;
  leaseMs: number;
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
  const transaction = createUnitOfWork(db);
  const llm = opts.llm !== undefined ? opts.llm : createLlmClient(llmSettingsOf(config.llm));
  // With a provider, a company or industry note gets the model's pass over its research data.
  const ingestWrites = createIngestWrites(transaction, { modelPass: llm !== null });
  const storage = openFileStorage(config.storage);
  const clock = opts.clock ?? systemClock;
  const notifyJobs = opts.notifyJobs ?? (() => undefined);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    outbox: createOutbox(join(config.dataDir, 'outbox'), log),
    log,
  });
  const links = createDigestLinks({
    signer: createLastingSigner(config.signingSecret),
    // E-mails need absolute links: PUBLIC_URL, else this machine's own address.
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  return {
    config,
    log,
    db,
    repos,
    transaction,
    storage,
    clock,
    llm,
    uploadDir: createUploadDir(join(config.dataDir, 'uploads')),
    ingestor: createIngestor({
      writes: ingestWrites,
      files: repos.files,
      storage,
      clock,
      notify: notifyJobs,
    }),
    ingestWrites,
    glossary: createGlossaryStore(repos.glossary, loadBuiltinGlossary),
    mailer,
    digests: { mailer, links, hour: config.digest.hour, leaseMs: config.digest.leaseMs },
    notifyJobs,
    close: async () => {
      mailer.close();
      await db.destroy();
    },
  };
}
