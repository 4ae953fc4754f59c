import { PermanentJobError } from '../jobs/job-list.js';
import { msg, render } from '../messages/message.js';
import { today, type Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage/types.js';
import { PdfRejectedError, type PdfExtractor } from '../pdf/extract.js';
import { inferMetadata, textQuality } from '../pdf/infer-metadata.js';
import type { FileRow } from '../modules/files/presenter.js';
import type { FileMetaUpdate } from '../modules/files/repo.js';
import { metaColumns } from '../modules/files/meta-columns.js';
import { storableText } from './storable-text.js';

/** A stored PDF as the reading reads it: its pages and its catalogue entry's columns. */
export interface StoredPdfReading {
  pages: string[];
  meta: FileMetaUpdate;
  tags: string[];
}

/**
 * Reads a stored PDF (ingestion and re-ingestion alike): its text per page and inferred metadata.
 * A PDF that cannot be read (damaged, garbled, no text layer) throws a PermanentJobError.
 */
export async function readStoredPdf(
  deps: { storage: FileStorage; extractor: PdfExtractor; clock: Clock },
  file: Pick<FileRow, 'sha256' | 'file_name'>,
): Promise<StoredPdfReading> {
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
