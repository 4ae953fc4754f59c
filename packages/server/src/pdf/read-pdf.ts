import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { INFO_TEXT_MAX } from './bounded-reading.js';
import { exceeded, startDocument } from './decode-budget.js';
import { pdfDateToIso } from './pdf-date.js';
import { textDocumentOptions } from './pdfjs-paths.js';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { repairLigatures } from './ligatures.js';
import { joinLines, pageLines, type Line } from './page-text.js';
import { createTextBudget } from './text-budget.js';
import type { ExtractedPdf, PageLayout, PdfInfo } from './types.js';

/** Leading pages whose layout is kept: a report's cover and, at most, a page of front matter. */
export const LAYOUT_PAGES = 3;

/**
 * Reads the text and document information of a PDF with pdf.js, on the calling thread. Throws
 * PdfRejectedError for password-protected, unreadable, page-less and over-long documents, for
 * documents whose streams inflate past the decode bounds (enforced where installDecodeBudget ran)
 * and for documents that yield more text than their pages can show (text-budget.ts).
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
  const layout: PageLayout[] = [];
  const budget = createTextBudget();
  let failed = 0;
  for (let n = 1; n <= numPages; n++) {
    // Past a decode bound every later decode fails at once: no use reading on.
    if (exceeded()) break;
    // A broken page (bad content stream, a loop in the page tree) costs that page only.
    try {
      const page = await doc.getPage(n);
      // Null past the text bound: the document is refused below, its text is not read further.
      const items = await budget.readPage(page, n);
      if (!items) break;
      const lines = pageLines(items);
      const text = joinLines(lines);
      if (!budget.keep(text, n)) break;
      pages.push(text);
      if (n <= LAYOUT_PAGES) layout.push(pageLayout(page.view, lines));
      page.cleanup();
    } catch {
      failed++;
      pages.push('');
      if (n <= LAYOUT_PAGES) layout.push({ width: 0, height: 0, lines: [] });
    }
  }
  const overrun = budget.overrun();
  if (overrun) throw new PdfRejectedError('too_large', rejectionMessages.textOverrun(overrun));
  if (failed === numPages) throw new PdfRejectedError('damaged', rejectionMessages.damaged());
  return { numPages, pages: repairLigatures(pages), info, encrypted, layout };
}

function pageLayout(view: number[], lines: readonly Line[]): PageLayout {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width: round(x1 - x0),
    height: round(y1 - y0),
    lines: lines.map((l) => ({
      text: l.text.replace(/[ \t\u00a0]+/g, ' ').trim(),
      x: round(l.start - x0),
      y: round(l.across - y0),
      size: round(l.size),
    })),
  };
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
  // A field longer than any title or name is cut before it is read at all.
  const head = value.slice(0, INFO_TEXT_MAX);
  // eslint-disable-next-line no-control-regex -- strip the NULs and controls that broken encoders leave
  const clean = head.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean === '' ? undefined : clean;
}
