import type { Logger } from 'pino';
import { PermanentJobError, type JobHandler, type JobPayload } from '../../jobs/job-list.js';
import type { LlmClient } from '../../platform/llm.js';
import type { FilesRepo } from '../files/repo.js';
import { isReady } from '../files/visibility.js';
import { fillResearch } from './fill-research.js';

/**
 * The `research` job: the model's pass over a note's research data, queued with the note's index
 * entry when a provider is configured (and again when a re-reading changed its text). One step;
 * rerunning it is harmless. A file deleted or failed meanwhile, or a provider removed since, ends it
 * quietly; the provider's own failure leaves the rules' reading as it is (fill-research.ts).
 */
export function createResearchJob(deps: {
  files: FilesRepo;
  llm: LlmClient | null;
  log?: Logger;
}): JobHandler<JobPayload<'research'>> {
  const { files, llm } = deps;
  return {
    async runStep(step, { file_seq }) {
      if (step !== 'read') throw new PermanentJobError('bad_step', `Unknown research step ${step}`);
      const file = await files.bySeq(file_seq);
      if (!file || !isReady(file) || !llm) return 'done';
      await fillResearch({ files, llm, ...(deps.log ? { log: deps.log } : {}) }, file);
      return 'done';
    },
    async onFailed() {
      // The note keeps what the rules read.
    },
  };
}
