import type { Logger } from 'pino';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { PermanentJobError, type JobHandler, type JobPayload } from '../../jobs/job-list.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { LlmClient } from '../../platform/llm.js';
import type { FilesRepo } from '../files/repo.js';
import { isReady } from '../files/visibility.js';
import { fillResearch, type SaveResearch } from './fill-research.js';

/**
 * The `research` job: the model's pass over a note's research data, queued with the note's index
 * entry when a provider is configured (and again when a re-reading changed its text). One step;
 * rerunning it is harmless. A file deleted or failed meanwhile, or a provider removed since, ends it
 * quietly; the provider's own failure leaves the rules' reading as it is (fill-research.ts).
 *
 * When the pass changes what a new report carries (a company found, a sector), the `alerts` job is
 * queued with the change, in one unit of work: followers of what was found get the report too,
 * and the inbox holds it once per user whatever the number of runs. After a re-reading it is not:
 * an old report is no one's news.
 */
export function createResearchJob(deps: {
  files: FilesRepo;
  transaction: UnitOfWork<{ files: FilesRepo; jobs: JobsRepo }>;
  llm: LlmClient | null;
  clock: Clock;
  log?: Logger;
}): JobHandler<JobPayload<'research'>> {
  const { files, llm, transaction, clock } = deps;
  const saving =
    (newReport: boolean): SaveResearch =>
    (seq, stockInformation, sector) =>
      transaction(async (tx) => {
        await tx.files.saveResearch(seq, stockInformation, sector);
        if (newReport) await tx.jobs.enqueue('alerts', { file_seq: seq }, isoNow(clock));
      });
  return {
    async runStep(step, { file_seq, new_report }) {
      if (step !== 'read') throw new PermanentJobError('bad_step', `Unknown research step ${step}`);
      const file = await files.bySeq(file_seq);
      if (!file || !isReady(file) || !llm) return 'done';
      const save = saving(new_report);
      await fillResearch({ files, save, llm, ...(deps.log ? { log: deps.log } : {}) }, file);
      return 'done';
    },
    async onFailed() {
      // The note keeps what the rules read.
    },
  };
}
