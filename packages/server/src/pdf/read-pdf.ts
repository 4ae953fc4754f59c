import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { exceeded, startDocument } from './decode-budget.js';
import { pdfDateToIso } from './pdf-date.js';
import { textDocumentOptions } from './pdfjs-paths.js';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { pageText, type PositionedText } from './page-text.js';
import type { ExtractedPdf, PdfInfo } from './types.js';

/**
 * Reads the text and document information of a PDF with pdf.js, on the calling thread. Throws
 * PdfRejectedError for password-protected, unreadable, page-less and over-long documents, and for
 * documents whose streams inflate past the decode bounds (enforced where installDecodeBudget ran).
 * `data` must be a Uint8Array spanning its whole buffer; pdf.js takes (detaches) that buffer.
 */
export async function readPdf(data: Uint8Array, opts: { maxPages: number }): Promise<ExtractedPdf> {
  startDocument();
  const task = getDocument({ ...textDocumentOptions, data });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    throwIfOverrun();
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new PdfRejectedError('encrypted', rejectionMessages.encrypted());
    }
    throw new PdfRejectedError('damaged', rejectionMessages.damaged());
  }
  try {
    const pdf = await readDocument(doc, opts.maxPages);
    throwIfOverrun();
    return pdf;
  } catch (error) {
    // pdf.js reports a stopped decode as whatever failed with it (a page, the whole document).
    throwIfOverrun();
    throw error;
  } finally {
    await doc.destroy();
  }
}

function throwIfOverrun(): void {
  const overrun = exceeded();
  if (!overrun) return;
  throw new PdfRejectedError('too_large', rejectionMessages.decodeOverrun(overrun));
}

async function readDocument(doc: PDFDocumentProxy, maxPages: number): Promise<ExtractedPdf> {
  const { numPages } = doc;
  if (numPages === 0) throw new PdfRejectedError('damaged', rejectionMessages.noPages());
  if (numPages > maxPages) {
    throw new PdfRejectedError('too_many_pages', rejectionMessages.tooManyPages(numPages, maxPages));
  }
  const { info, encrypted } = await readInfo(doc);

  const pages: string[] = [];
  let failed = 0;
  for (let n = 1; n <= numPages; n++) {
    // Past a decode bound every later decode fails at once: no use reading on.
    if (exceeded()) break;
    // A broken page (bad content stream, a loop in the page tree) costs that page only.
    try {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      // Marked-content entries are only present on request; every item here is a text item.
      pages.push(pageText(content.items as PositionedText[]));
      page.cleanup();
    } catch {
      failed++;
      pages.push('');
    }
  }
  if (failed === numPages) throw new PdfRejectedError('damaged', rejectionMessages.damaged());
  return { numPages, pages, info, encrypted };
}

/** Keys of the info dictionary that we keep, and their names in PdfInfo. */
const INFO_KEYS = {
  Title: 'title',
  Author: 'author',
  Subject: 'subject',
  Keywords: 'keywords',
  Creator: 'creator',
  Producer: 'producer',
} as const;

async function readInfo(doc: PDFDocumentProxy): Promise<{ info: PdfInfo; encrypted: boolean }> {
  let raw: Record<string, unknown>;
  try {
    raw = (await doc.getMetadata()).info as Record<string, unknown>;
  } catch {
    // A broken info dictionary should not cost the text.
    return { info: {}, encrypted: false };
  }
  const info: PdfInfo = {};
  for (const [key, name] of Object.entries(INFO_KEYS)) {
    const value = cleanString(raw[key]);
    if (value) info[name] = value;
  }
  const created = cleanString(raw.CreationDate);
  const creationDate = created ? pdfDateToIso(created) : undefined;
  if (creationDate) info.creationDate = creationDate;
  return { info, encrypted: raw.EncryptFilterName != null };
}

function cleanString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- strip the NULs and controls that broken encoders leave
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean === '' ? undefined : clean;
}
