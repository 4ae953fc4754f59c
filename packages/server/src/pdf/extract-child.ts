import { decodedSoFar, installDecodeBudget } from './decode-budget.js';
import type { ChildMessage, ExtractRequest } from './extract-protocol.js';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { readPdf } from './read-pdf.js';
import { contentStream, pdfOfStreams } from './tiny-pdf.js';

/*
 * Child process of the PDF extractor: reads one document per message with pdf.js, in a process of
 * its own so that everything a document makes it allocate (V8 heap, buffers, zlib) is counted in
 * this process's memory, which the pool watches, and is returned to the system when it ends.
 * pdf.js parses in a "fake worker" on this thread.
 */

const send = (message: ChildMessage) => process.send?.(message);
if (!process.send) throw new Error('extract-child must run as a child process with an IPC channel');

installDecodeBudget();
// A warm-up document: pdf.js is loaded and initialised before the first real one counts its time,
// and its two streams, one inflated by zlib and one by pdf.js itself (behind a predictor), prove
// that the decode bounds are in place on both paths; without them, no work.
const text = 'BT /F1 12 Tf 72 720 Td (warm-up) Tj ET';
const streams = [contentStream(text, 'flate'), contentStream(text, 'flate-predictor')];
await readPdf(pdfOfStreams(streams, [[0, 1]]), { maxPages: 1 });
const warmUp = decodedSoFar();
if (warmUp.zlib === 0 || warmUp.pdfjs === 0) {
  throw new Error(`pdf.js decoding could not be bounded (${JSON.stringify(warmUp)}): refusing to read PDFs`);
}

process.on('message', async ({ id, bytes, maxPages }: ExtractRequest) => {
  try {
    send({ type: 'done', id, result: await readPdf(bytes, { maxPages }) });
  } catch (error) {
    const rejected =
      error instanceof PdfRejectedError
        ? error
        : new PdfRejectedError('damaged', rejectionMessages.damaged());
    send({ type: 'rejected', id, code: rejected.code, message: rejected.message });
  }
});
// The parent going away ends the child (it has nothing else to live for).
process.on('disconnect', () => process.exit(0));

send({ type: 'ready' });
