import { PermanentJobError, type JobHandler, type JobPayload } from '../jobs/job-list.js';
import { isoNow, type Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage/types.js';
import type { PdfExtractor } from '../pdf/extract.js';
import type { FilesRepo } from '../modules/files/repo.js';
import type { IngestWrites } from './ingest-writes.js';
import { metaFromColumns } from '../modules/files/meta-columns.js';
import { searchDocument } from '../modules/search/search-document.js';
import { readStoredPdf } from './read-stored-pdf.js';

/**
 * Steps of ingesting one stored PDF: `extract` (text per page and inferred metadata, saved while
 * the file is still 'processing'), then `index` (full-text row, status 'ready' and the jobs that
 * follow a reading in one transaction, so a half-indexed file is never visible and a ready file
 * always has its summary owed). A file deleted while its job runs ends the job quietly.
 */
export function createIngestJob(deps: {
  files: FilesRepo;
  writes: IngestWrites;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
}): JobHandler<JobPayload<'ingest'>> {
  const { clock, files, writes } = deps;

  /** False when the file was deleted meanwhile: the job then ends with nothing to do. */
  async function extract(seq: number): Promise<boolean> {
    const file = await files.bySeq(seq);
    if (!file) return false;
    return writes.saveExtracted(seq, await readStoredPdf(deps, file), isoNow(clock));
  }

  /**
   * A public file goes into the library's index, a private upload into its owner's (private_fts):
   * a file deleted meanwhile is never re-indexed, one published meanwhile lands in the right index.
   */
  async function index(seq: number): Promise<boolean> {
    const file = await files.bySeq(seq);
    if (!file) return false;
    const doc = searchDocument(metaFromColumns(file), await files.pages(seq));
    return writes.markIndexed(seq, doc, file.report_type, isoNow(clock));
  }

  return {
    async runStep(step, { file_seq }) {
      if (step === 'extract') return (await extract(file_seq)) ? 'index' : 'done';
      if (step === 'index') {
        await index(file_seq);
        return 'done';
      }
      throw new PermanentJobError('bad_step', `Unknown ingest step ${step}`);
    },
    async onFailed({ file_seq }, error) {
      await writes.markFailed(file_seq, { code: error.code, reason: error.message }, isoNow(clock));
    },
  };
}
