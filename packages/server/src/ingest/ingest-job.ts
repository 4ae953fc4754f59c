import type { Db } from '../db/database.js';
import { PermanentJobError, type JobHandler } from '../jobs/runner.js';
import { createFilesRepo } from '../modules/files/repo.js';
import { createSearchRepo } from '../modules/search/repo.js';
import { isoNow, today, type Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage.js';
import { PdfRejectedError, type PdfExtractor } from '../pdf/extract.js';
import { inferMetadata, textQuality } from '../pdf/infer-metadata.js';
import { metaColumns, metaFromColumns } from './meta-columns.js';
import { searchDocument } from './search-document.js';

export const INGEST_JOB = 'ingest';
export const INGEST_FIRST_STEP = 'extract';

interface IngestPayload {
  file_seq: number;
}

/**
 * Steps of ingesting one stored PDF: `extract` (text per page and inferred metadata, saved while
 * the file is still 'processing'), then `index` (full-text row and status 'ready' in one transaction,
 * so a half-indexed file is never visible).
 */
export function createIngestJob(deps: {
  db: Db;
  storage: FileStorage;
  extractor: PdfExtractor;
  clock: Clock;
}): JobHandler {
  const { db, clock } = deps;
  const files = createFilesRepo(db);

  async function extract(seq: number): Promise<void> {
    const file = await files.bySeq(seq);
    if (!file) throw new PermanentJobError('missing', 'The file record is gone');
    const bytes = await deps.storage.read(file.sha256);
    let pdf;
    try {
      pdf = await deps.extractor.extract(bytes);
    } catch (err) {
      if (err instanceof PdfRejectedError) throw new PermanentJobError(err.code, err.message);
      throw err;
    }
    const quality = textQuality(pdf);
    if (quality.junk) {
      throw new PermanentJobError('no_text', 'The text layer of this PDF is unreadable (garbled characters)');
    }
    if (quality.chars === 0) {
      throw new PermanentJobError('no_text', 'The PDF has no text layer (a scan?); OCR is not available');
    }
    const meta = inferMetadata(pdf, file.file_name, { today: today(clock) });
    await db.transaction().execute(async (trx) => {
      const repo = createFilesRepo(trx);
      await repo.savePages(seq, pdf.pages);
      await repo.saveMeta(seq, metaColumns(meta), meta.tags, isoNow(clock));
    });
  }

  async function index(seq: number): Promise<void> {
    const file = await files.bySeq(seq);
    if (!file) throw new PermanentJobError('missing', 'The file record is gone');
    const pages = await files.pages(seq);
    const doc = searchDocument(metaFromColumns(file), pages);
    await db.transaction().execute(async (trx) => {
      await createSearchRepo(trx).index(seq, doc);
      await createFilesRepo(trx).setStatus(seq, 'ready', isoNow(clock));
    });
  }

  return {
    async runStep(step, payload) {
      const { file_seq } = payload as IngestPayload;
      if (step === 'extract') {
        await extract(file_seq);
        return 'index';
      }
      if (step === 'index') {
        await index(file_seq);
        return 'done';
      }
      throw new PermanentJobError('bad_step', `Unknown ingest step ${step}`);
    },
    async onFailed(payload, error) {
      const { file_seq } = payload as IngestPayload;
      await db.transaction().execute(async (trx) => {
        await createSearchRepo(trx).unindex(file_seq);
        await createFilesRepo(trx).setStatus(file_seq, 'failed', isoNow(clock), {
          code: error.code,
          reason: error.message,
        });
      });
    },
  };
}
