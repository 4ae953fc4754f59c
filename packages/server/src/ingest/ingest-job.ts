import { PermanentJobError, type JobHandler } from '../jobs/runner.js';
import { msg, render } from '../messages/message.js';
import { isoNow, today, type Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage/types.js';
import { PdfRejectedError, type PdfExtractor } from '../pdf/extract.js';
import { inferMetadata, textQuality } from '../pdf/infer-metadata.js';
import type { FileRow } from '../modules/files/presenter.js';
import type { FileMetaUpdate } from '../modules/files/repo.js';
import type { Repos } from '../wiring/repos.js';
import { INGEST_FIRST_STEP, INGEST_JOB } from './ingest-repo.js';
import { metaColumns, metaFromColumns } from './meta-columns.js';
import { searchDocument } from './search-document.js';
import { storableText } from './storable-text.js';

export { INGEST_FIRST_STEP, INGEST_JOB };

interface IngestPayload {
  file_seq: number;
}

/** A stored PDF as the reading reads it: its pages and its catalogue entry's columns. */
export interface ReportReading {
  pages: string[];
  meta: FileMetaUpdate;
  tags: string[];
}

/**
 * Reads a stored PDF (ingestion and re-ingestion alike): its text per page and inferred metadata.
 * A PDF that cannot be read (damaged, garbled, no text layer) throws a PermanentJobError.
 */
export async function readReport(
  deps: { storage: FileStorage; extractor: PdfExtractor; clock: Clock },
  file: Pick<FileRow, 'sha256' | 'file_name'>,
): Promise<ReportReading> {
  const bytes = await deps.storage.read(file.sha256);
  let pdf;
  try {
    pdf = await deps.extractor.extract(bytes);
  } catch (err) {
    if (err instanceof PdfRejectedError) throw new PermanentJobError(err.code, err.message);
    throw err;
  }
  const quality = textQuality(pdf);
  // Stored in English: my files words it in its reader's language (uploads/presenter.ts).
  if (quality.junk) throw new PermanentJobError('no_text', render(msg('pdfGarbledText'), 'en'));
  if (quality.chars === 0) throw new PermanentJobError('no_text', render(msg('pdfNoTextLayer'), 'en'));
  const text = storableText(pdf);
  const meta = inferMetadata(text, file.file_name, { today: today(deps.clock) });
  return { pages: text.pages, meta: metaColumns(meta), tags: meta.tags };
}

/**
 * Steps of ingesting one stored PDF: `extract` (text per page and inferred metadata, saved while
 * the file is still 'processing'), then `index` (full-text row, status 'ready' and the file's
 * `summarise` job in one transaction, so a half-indexed file is never visible and a ready file
 * always has its summary owed). A file deleted while its job runs ends the job quietly.
 */
export function createIngestJob(deps: {
  repos: Pick<Repos, 'files' | 'ingest'>;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
}): JobHandler {
  const { clock } = deps;
  const { files, ingest: repo } = deps.repos;

  /** False when the file was deleted meanwhile: the job then ends with nothing to do. */
  async function extract(seq: number): Promise<boolean> {
    const file = await files.bySeq(seq);
    if (!file) return false;
    return repo.saveExtracted(seq, await readReport(deps, file), isoNow(clock));
  }

  /**
   * A public file goes into the library's index, a private upload into its owner's (private_fts):
   * a file deleted meanwhile is never re-indexed, one published meanwhile lands in the right index.
   */
  async function index(seq: number): Promise<boolean> {
    const file = await files.bySeq(seq);
    if (!file) return false;
    const doc = searchDocument(metaFromColumns(file), await files.pages(seq));
    return repo.markIndexed(seq, doc, isoNow(clock));
  }

  return {
    async runStep(step, payload) {
      const { file_seq } = payload as IngestPayload;
      if (step === 'extract') return (await extract(file_seq)) ? 'index' : 'done';
      if (step === 'index') {
        await index(file_seq);
        return 'done';
      }
      throw new PermanentJobError('bad_step', `Unknown ingest step ${step}`);
    },
    async onFailed(payload, error) {
      const { file_seq } = payload as IngestPayload;
      await repo.markFailed(file_seq, { code: error.code, reason: error.message }, isoNow(clock));
    },
  };
}
