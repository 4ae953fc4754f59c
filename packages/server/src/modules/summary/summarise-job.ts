import type { Logger } from 'pino';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { PermanentJobError, type JobHandler, type JobPayload } from '../../jobs/job-list.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import type { Clock } from '../../platform/clock.js';
import type { LlmClient } from '../../platform/llm.js';
import type { GlossarySource } from '../glossary/glossary-source.js';
import type { FilesRepo } from '../files/repo.js';
import { isReady } from '../files/visibility.js';
import type { SummaryRepo } from './repo.js';
import { summariseAndStore } from './summarise-file.js';

/**
 * The `summarise` job: one step, run after a file became ready (queued with its index entry, or at
 * start for ready files never summarised). Rerunning it is harmless, so a crash resumes by running
 * the step again. A file deleted meanwhile ends the job quietly.
 */
export function createSummariseJob(deps: {
  repos: { files: FilesRepo; summary: SummaryRepo };
  clock: Clock;
  llm: LlmClient | null;
  translateModel?: string;
  log?: Logger;
  /** The glossary a translated summary's prompt pins terms from (default: the built-in terms). */
  glossary?: GlossarySource;
}): JobHandler<JobPayload<'summarise'>> {
  const { repos, ...rest } = deps;
  const { files } = repos;
  const summariser = { ...rest, files, repo: repos.summary };
  return {
    async runStep(step, { file_seq }) {
      if (step !== 'summarise') throw new PermanentJobError('bad_step', `Unknown summarise step ${step}`);
      const file = await files.bySeq(file_seq);
      if (!file || !isReady(file)) return 'done';
      await summariseAndStore(summariser, file);
      return 'done';
    },
    async onFailed() {
      // The file stays readable without a summary; the next start queues it again.
    },
  };
}

/**
 * Ready files never summarised (the demo library from before summaries, a job that failed for
 * good) get a summarise job, unless one is already queued or running: idempotent, run at start,
 * under a lock so that several processes starting at once queue each file once.
 */
export function queueOwedSummaries(
  transaction: UnitOfWork<{ summary: SummaryRepo; jobs: JobsRepo }>,
  now: string,
): Promise<number> {
  return transaction(async ({ summary, jobs }) => {
    await summary.lockOwed();
    const owed = await summary.owed();
    for (const seq of owed) await jobs.enqueue('summarise', { file_seq: seq }, now);
    return owed.length;
  });
}
