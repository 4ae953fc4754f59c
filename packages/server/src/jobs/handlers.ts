import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { Repos } from '../wiring/repos.js';
import { createIngestJob, INGEST_JOB } from '../ingest/ingest-job.js';
import { createReingestJob, REINGEST_JOB } from '../ingest/reingest-job.js';
import { createSummariseJob, SUMMARISE_JOB } from '../modules/summary/summarise-job.js';
import { createTranslateJob, TRANSLATE_JOB } from '../modules/translation/translate-job.js';
import type { GlossarySource } from '../modules/glossary/glossary-source.js';
import type { Clock } from '../platform/clock.js';
import type { LlmClient } from '../platform/llm.js';
import type { FileStorage } from '../platform/storage/types.js';
import type { PdfExtractor } from '../pdf/extract.js';
import type { TranslateWorkers } from '../pdf/translate/index.js';
import type { JobHandler } from './runner.js';

/** Every kind of job the runner knows, as main.ts and the tests run them. */
export function createJobHandlers(deps: {
  db: Db;
  repos: Repos;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
  llm: LlmClient | null;
  /** The glossary whose renderings translations and translated summaries pin. */
  glossary: GlossarySource;
  translateModel?: string;
  log?: Logger;
  /** Translation workers started ahead (with a provider); without, each run starts its own. */
  translateWorkers?: TranslateWorkers;
}): Record<string, JobHandler> {
  const { db, repos, storage, extractor, clock } = deps;
  return {
    [INGEST_JOB]: createIngestJob({ repos, storage, extractor, clock }),
    [REINGEST_JOB]: createReingestJob({
      repos,
      storage,
      extractor,
      clock,
      ...(deps.log ? { log: deps.log } : {}),
    }),
    [SUMMARISE_JOB]: createSummariseJob({
      repos,
      clock,
      llm: deps.llm,
      glossary: deps.glossary,
      ...(deps.translateModel ? { translateModel: deps.translateModel } : {}),
      ...(deps.log ? { log: deps.log } : {}),
    }),
    [TRANSLATE_JOB]: createTranslateJob({
      db,
      repos,
      storage,
      clock,
      llm: deps.llm,
      glossary: deps.glossary,
      ...(deps.translateModel ? { translateModel: deps.translateModel } : {}),
      ...(deps.log ? { log: deps.log } : {}),
      ...(deps.translateWorkers ? { translatePdf: deps.translateWorkers.translate } : {}),
    }),
  };
}
