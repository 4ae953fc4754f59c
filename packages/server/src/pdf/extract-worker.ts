import { parentPort } from 'node:worker_threads';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { readPdf } from './read-pdf.js';
import type { ExtractRequest, WorkerMessage } from './extract-protocol.js';

/*
 * Worker thread of the PDF extractor: reads one document per message with pdf.js. pdf.js parses in
 * a "fake worker" on this thread (Node has no Web Worker), which is what makes a stuck parse
 * killable: the pool terminates this whole thread.
 */

const port = parentPort;
if (!port) throw new Error('extract-worker must run in a worker thread');

const post = (message: WorkerMessage) => port.postMessage(message);

port.on('message', async ({ id, bytes, maxPages }: ExtractRequest) => {
  try {
    post({ type: 'done', id, result: await readPdf(bytes, { maxPages }) });
  } catch (error) {
    const rejected =
      error instanceof PdfRejectedError
        ? error
        : new PdfRejectedError('damaged', rejectionMessages.damaged());
    post({ type: 'rejected', id, code: rejected.code, message: rejected.message });
  }
});

// pdf.js (API and parser) is preloaded by the pool before this module runs, so loading it never
// counts against the first document's time limit.
post({ type: 'ready' });
