import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build serves pdf.js data (see vite-plugin-pdfjs-assets.ts). */
const ASSETS = '/pdfjs/';

let sharedWorker: PDFWorker | null = null;

/** Starts (once) the pdf.js worker, so the first report opens without waiting for it. */
export function warmPdfWorker(): PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker();
  return sharedWorker;
}

/**
 * Opens a PDF by URL with range requests only: no streaming of the whole file and no
 * prefetching, so the first page shows after a few small reads. CMaps and standard fonts come
 * from our own origin, so Chinese PDFs render offline.
 */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
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
    rangeChunkSize: 65536,
  });
}
