import type { Logger } from 'pino';
import { PermanentJobError, type JobHandler } from '../jobs/runner.js';
import { isoNow, type Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage/types.js';
import type { PdfExtractor } from '../pdf/extract.js';
import type { Repos } from '../wiring/repos.js';
import { readReport } from './ingest-job.js';
import { cursorOf, reingestStep, REINGEST_JOB, type ReingestPayload } from './reingest-repo.js';

export { REINGEST_JOB };

/** Files read per step: a step is short, so uploads due meanwhile wait little for a worker. */
export const REINGEST_BATCH = 10;

/**
 * The `reingest` job: one walk over the library's ready files in seq order, a batch per step,
 * each file read again (readReport) and saved with its corrections kept (saveReread). The step
 * is the walk's cursor, written after each batch: a restart, a crash or another instance taking
 * the job over resumes after the last batch finished. After each step the job goes back to the
 * queue below every other job (yieldsAfterEachStep, REINGEST_PRIORITY), so uploads go first.
 */
export function createReingestJob(deps: {
  repos: Pick<Repos, 'files' | 'reingest'>;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
  log?: Logger;
  batchSize?: number;
}): JobHandler {
  const { clock, log } = deps;
  const { files, reingest } = deps.repos;
  const batchSize = deps.batchSize ?? REINGEST_BATCH;

  async function reread(seq: number): Promise<void> {
    const file = await files.bySeq(seq);
    if (!file || file.status !== 'ready') return;
    let reading;
    try {
      reading = await readReport(deps, file);
    } catch (err) {
      // The file stays as an older reading read it: a ready report is never lost to a re-reading,
      // and one that cannot be read again (its bytes missing or unreadable) never holds up the walk.
      const reason = err instanceof Error ? err.message : String(err);
      log?.warn({ file: file.id, reason }, 're-reading a file failed: it keeps its reading');
      await reingest.keepOlderReading(seq);
      return;
    }
    await reingest.saveReread(seq, reading, isoNow(clock));
  }

  return {
    yieldsAfterEachStep: true,
    async runStep(step, payload, _job, signal) {
      const after = cursorOf(step);
      if (after === null) throw new PermanentJobError('bad_step', `Unknown reingest step ${step}`);
      const { all } = payload as ReingestPayload;
      const batch = await reingest.nextBatch(after, batchSize, all === true);
      if (batch.length === 0) return 'done';
      for (const seq of batch) {
        // The job was taken over: the runner writes nothing more, the new holder redoes the batch.
        if (signal?.aborted) break;
        await reread(seq);
      }
      return reingestStep(batch[batch.length - 1] ?? after);
    },
    async onFailed() {
      // Files not reached keep their reading; the next start (or the administrator) walks again.
    },
  };
}
