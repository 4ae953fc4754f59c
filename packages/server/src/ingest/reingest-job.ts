import type { Logger } from 'pino';
import { PermanentJobError, type JobHandler, type JobPayload } from '../jobs/job-list.js';
import { isoNow, type Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage/types.js';
import type { PdfExtractor } from '../pdf/extract.js';
import type { FilesRepo } from '../modules/files/repo.js';
import { readStoredPdf } from './read-stored-pdf.js';
import type { IngestWrites } from './ingest-writes.js';
import { cursorOf, reingestStep, type ReingestRepo } from './reingest-repo.js';
import { isReady } from '../modules/files/visibility.js';

/** Files read per step: a step is short, so uploads due meanwhile wait little for a worker. */
export const REINGEST_BATCH = 10;

/**
 * The `reingest` job: one walk over the library's ready files in seq order, a batch per step,
 * each file read again (readStoredPdf) and saved with its corrections kept (saveReread). The step
 * is the walk's cursor, written after each batch: a restart, a crash or another instance taking
 * the job over resumes after the last batch finished. After each step the job goes back to the
 * queue below every other job (yieldsAfterEachStep, WALK_PRIORITY), so uploads go first.
 */
export function createReingestJob(deps: {
  files: FilesRepo;
  reingest: ReingestRepo;
  writes: Pick<IngestWrites, 'saveReread' | 'keepOlderReading'>;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
  log?: Logger;
  batchSize?: number;
}): JobHandler<JobPayload<'reingest'>> {
  const { clock, log, files, reingest, writes } = deps;
  const batchSize = deps.batchSize ?? REINGEST_BATCH;

  async function reread(seq: number): Promise<void> {
    const file = await files.bySeq(seq);
    if (!file || !isReady(file)) return;
    let reading;
    try {
      reading = await readStoredPdf(deps, file);
    } catch (err) {
      // The file stays as an older reading read it: a ready report is never lost to a re-reading,
      // and one that cannot be read again (its bytes missing or unreadable) never holds up the walk.
      const reason = err instanceof Error ? err.message : String(err);
      log?.warn({ file: file.id, reason }, 're-reading a file failed: it keeps its reading');
      await writes.keepOlderReading(seq);
      return;
    }
    await writes.saveReread(seq, reading, isoNow(clock));
  }

  return {
    yieldsAfterEachStep: true,
    async runStep(step, { all }, _job, signal) {
      const after = cursorOf(step);
      if (after === null) throw new PermanentJobError('bad_step', `Unknown reingest step ${step}`);
      const batch = await reingest.nextBatch(after, batchSize, all);
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
