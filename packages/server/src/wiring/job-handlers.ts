import type { Logger } from 'pino';
import type { UnitOfWork } from '../db/unit-of-work.js';
import type { Repos } from './repos.js';
import { createIngestJob } from '../ingest/ingest-job.js';
import type { IngestWrites } from '../ingest/ingest-writes.js';
import { createReingestJob } from '../ingest/reingest-job.js';
import type { HandlersOf, JOBS } from '../jobs/job-list.js';
import type { GlossarySource } from '../modules/glossary/glossary-source.js';
import { createAlertsJob } from '../modules/follows/alerts-job.js';
import { createDigestJob } from '../modules/digests/digest-job.js';
import { createResearchJob } from '../modules/research/research-job.js';
import { createSummariseJob } from '../modules/summary/summarise-job.js';
import { createTranslateJob } from '../modules/translation/translate-job.js';
import type { Clock } from '../platform/clock.js';
import type { LlmClient } from '../platform/llm.js';
import type { FileStorage } from '../platform/storage/types.js';
import type { PdfExtractor } from '../pdf/extract.js';
import type { TranslateWorkers } from '../pdf/translate/index.js';
import type { DigestParts } from './library.js';

/**
 * The job registry: a handler for every kind of job of the one list (jobs/job-list.ts), as the
 * runtime and the tests run them. A kind without a handler does not compile.
 */
export function createJobHandlers(deps: {
  repos: Repos;
  /** The one unit of work, over the same repositories. */
  transaction: UnitOfWork<Repos>;
  /** Ingestion's units of work (the reading of a file, a re-reading). */
  writes: IngestWrites;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
  llm: LlmClient | null;
  /** The glossary whose renderings translations and translated summaries pin. */
  glossary: GlossarySource;
  /** The e-mail digests' mailer, links and period hour. */
  digests: DigestParts;
  translateModel?: string;
  log?: Logger;
  /** Translation workers started ahead (with a provider); without, each run starts its own. */
  translateWorkers?: TranslateWorkers;
}): HandlersOf<typeof JOBS> {
  const { repos, writes, storage, extractor, clock, llm } = deps;
  const log = deps.log ? { log: deps.log } : {};
  const translateModel = deps.translateModel ? { translateModel: deps.translateModel } : {};
  return {
    ingest: createIngestJob({ files: repos.files, writes, storage, extractor, clock }),
    reingest: createReingestJob({
      files: repos.files,
      reingest: repos.reingest,
      writes,
      storage,
      extractor,
      clock,
      ...log,
    }),
    alerts: createAlertsJob({ files: repos.files, follows: repos.follows, inbox: repos.inbox, clock }),
    digests: createDigestJob({
      repo: repos.digests,
      jobs: repos.jobs,
      users: repos.users,
      ...deps.digests,
      clock,
      ...log,
    }),
    research: createResearchJob({
      files: repos.files,
      transaction: deps.transaction,
      llm,
      clock,
      ...log,
    }),
    summarise: createSummariseJob({ repos, clock, llm, glossary: deps.glossary, ...translateModel, ...log }),
    translate: createTranslateJob({
      repos,
      storage,
      clock,
      llm,
      glossary: deps.glossary,
      ...translateModel,
      ...log,
      ...(deps.translateWorkers ? { translatePdf: deps.translateWorkers.translate } : {}),
    }),
  };
}
