import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import { PermanentJobError, type JobHandler } from '../../jobs/runner.js';
import type { Clock } from '../../platform/clock.js';
import type { LlmClient } from '../../platform/llm.js';
import type { GlossarySource } from '../glossary/glossary-source.js';
import type { Repos } from '../../wiring/repos.js';
import { createSummaryRepo, SUMMARISE_FIRST_STEP, SUMMARISE_JOB } from './repo.js';
import { summariseAndStore } from './summarise-file.js';
import { fillResearch } from '../research/fill-research.js';

export { SUMMARISE_FIRST_STEP, SUMMARISE_JOB };

interface SummarisePayload {
  file_seq: number;
}

/**
 * The `summarise` job: one step, run after a file became ready (queued by the ingest job's index
 * step, or at start for ready files never summarised). Rerunning it is harmless, so a crash
 * resumes by running the step again. A file deleted meanwhile ends the job quietly.
 */
export function createSummariseJob(deps: {
  repos: Pick<Repos, 'files' | 'summary'>;
  clock: Clock;
  llm: LlmClient | null;
  translateModel?: string;
  log?: Logger;
  /** The glossary a translated summary's prompt pins terms from (default: the built-in terms). */
  glossary?: GlossarySource;
}): JobHandler {
  const { repos, ...rest } = deps;
  const files = repos.files;
  const summariser = { ...rest, repo: repos.summary };
  return {
    async runStep(step, payload) {
      if (step !== SUMMARISE_FIRST_STEP)
        throw new PermanentJobError('bad_step', `Unknown summarise step ${step}`);
      const { file_seq } = payload as SummarisePayload;
      const file = await files.bySeq(file_seq);
      if (!file || file.status !== 'ready') return 'done';
      await summariseAndStore(summariser, file);
      if (deps.llm)
        await fillResearch({ files, llm: deps.llm, ...(deps.log ? { log: deps.log } : {}) }, file);
      return 'done';
    },
    async onFailed() {
      // The file stays readable without a summary; the next start queues it again.
    },
  };
}

/**
 * Ready files never summarised (the demo library from before summaries, a job that failed for
 * good) get a summarise job, unless one is already queued or running: idempotent, run at start.
 */
export function enqueueMissingSummaries(db: Db, now: string): Promise<number> {
  return createSummaryRepo(db).enqueueOwed(now);
}
