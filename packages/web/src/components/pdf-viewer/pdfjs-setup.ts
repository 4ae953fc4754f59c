import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { LinkRangeTransport } from './link-range-transport';
import { readRange, type PdfLink } from '../../api/pdf-link-api';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build serves pdf.js data (see vite-plugin-pdfjs-assets.ts). */
const ASSETS = '/pdfjs/';

let sharedWorker: PDFWorker | null = null;

/** Starts (once) the pdf.js worker, so the first report opens without waiting for it. */
export function warmPdfWorker(): PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker();
  return sharedWorker;
}

/** The first read: enough for pdf.js to find the trailer of a small report, and the file's size. */
const FIRST_READ_BYTES = 65536;

/**
 * Opens the PDF behind a preview link with range requests only: no streaming of the whole file
 * and no prefetching, so the first page shows after a few small reads. The reads are ours
 * (api/pdf-link-api.ts), not pdf.js's, so that they carry the viewer's token and fingerprint and follow
 * the link as it is renewed. CMaps and standard fonts come from our own origin, so Chinese PDFs
 * render offline.
 */
export async function openPdf(link: PdfLink, signal: AbortSignal): Promise<PDFDocumentLoadingTask> {
  const first = await readRange(link, 0, FIRST_READ_BYTES, signal);
  const source = first.whole
    ? { data: first.bytes }
    : { range: new LinkRangeTransport(link, first.total, first.bytes) };
  return getDocument({
    ...source,
    worker: warmPdfWorker(),
    cMapUrl: `${ASSETS}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${ASSETS}standard_fonts/`,
    wasmUrl: `${ASSETS}wasm/`,
    iccUrl: `${ASSETS}iccs/`,
    isEvalSupported: false,
    enableXfa: false,
    disableStream: true,
    disableAutoFetch: true,
    rangeChunkSize: FIRST_READ_BYTES,
  });
}
