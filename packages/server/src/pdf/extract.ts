import type { Worker } from 'node:worker_threads';
import type { ExtractRequest, WorkerMessage } from './extract-protocol.js';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { pdfjsModuleUrls } from './pdfjs-paths.js';
import { sniffPdf } from './sniff.js';
import { spawnTsWorker } from './spawn-ts-worker.js';
import type { ExtractedPdf } from './types.js';

export { PdfRejectedError, type PdfRejectionCode } from './pdf-rejected-error.js';
export type { ExtractedPdf, PdfInfo } from './types.js';

export interface PdfExtractorOptions {
  /** Number of worker threads, each reading one document at a time; more documents queue. */
  concurrency: number;
  /** Time limit per document, from the moment a worker starts on it. */
  timeoutMs: number;
  /** Documents with more pages are rejected without being read. */
  maxPages: number;
  /** Heap limit per worker (default 512 MB); a worker that exceeds it dies alone. */
  memoryMb?: number;
}

export interface PdfExtractor {
  /**
   * Reads the text of a PDF, or throws PdfRejectedError. The buffer of `bytes` is transferred to a
   * worker thread and is detached (empty) afterwards: pass `bytes.slice()` to keep the data.
   */
  extract(bytes: Uint8Array): Promise<ExtractedPdf>;
  /** Stops every worker; queued and running extractions fail. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  bytes: Uint8Array;
  resolve: (pdf: ExtractedPdf) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | undefined;
}

const WORKER_ENTRY = new URL('./extract-worker.ts', import.meta.url);

/** A pool of killable pdf.js worker threads with a time and memory limit per document. */
export function createPdfExtractor(opts: PdfExtractorOptions): PdfExtractor {
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = spawnTsWorker(WORKER_ENTRY, {
      preload: pdfjsModuleUrls,
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb ?? 512 },
    });
    const slot: Slot = { worker, ready: false, job: null, timer: undefined };
    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error) => onCrash(slot, error));
    worker.on('exit', (code) => onCrash(slot, new Error(`PDF worker exited with code ${code}`)));
    slots.add(slot);
    return slot;
  }

  function pump(): void {
    while (queue.length > 0) {
      const slot = [...slots].find((s) => s.job === null) ?? (slots.size < opts.concurrency ? spawn() : null);
      if (!slot) return;
      slot.job = queue.shift() ?? null;
      slot.worker.ref();
      if (slot.ready) send(slot);
    }
  }

  function send(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    const request: ExtractRequest = { id: job.id, bytes: job.bytes, maxPages: opts.maxPages };
    slot.worker.postMessage(request, [job.bytes.buffer as ArrayBuffer]);
    slot.timer = setTimeout(() => {
      retire(slot);
      job.reject(new PdfRejectedError('timeout', rejectionMessages.timeout(opts.timeoutMs)));
    }, opts.timeoutMs);
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      send(slot);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    clearTimeout(slot.timer);
    slot.job = null;
    // An idle worker must not keep the process alive.
    slot.worker.unref();
    if (message.type === 'done') job.resolve(message.result);
    else job.reject(new PdfRejectedError(message.code, message.message));
    pump();
  }

  function onCrash(slot: Slot, error: Error): void {
    if (!slots.has(slot)) return;
    const job = slot.job;
    retire(slot);
    if (!job) return;
    if (!slot.ready) {
      // Not the document's fault: the thread could not even load pdf.js.
      job.reject(new Error(`PDF worker failed to start: ${error.message}`, { cause: error }));
    } else if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      job.reject(new PdfRejectedError('damaged', rejectionMessages.tooMuchMemory()));
    } else {
      job.reject(new PdfRejectedError('damaged', rejectionMessages.damaged()));
    }
  }

  /** Kills a worker (stuck or dead) and lets a fresh one take the next document. */
  function retire(slot: Slot): void {
    clearTimeout(slot.timer);
    slots.delete(slot);
    void slot.worker.terminate();
    if (!closed) pump();
  }

  return {
    async extract(bytes) {
      if (closed) throw new Error('The PDF extractor is closed');
      const sniff = sniffPdf(bytes);
      if (!sniff.ok) throw new PdfRejectedError(sniff.code, sniff.reason);
      // pdf.js needs a view over a whole ArrayBuffer (else it copies), and transferring the buffer
      // behind a view into a larger one (e.g. Node's Buffer pool) would detach unrelated data.
      const whole =
        bytes.byteOffset === 0 &&
        bytes.byteLength === bytes.buffer.byteLength &&
        bytes.buffer instanceof ArrayBuffer;
      const own = whole ? bytes : bytes.slice();
      return new Promise<ExtractedPdf>((resolve, reject) => {
        queue.push({ id: nextId++, bytes: own, resolve, reject });
        pump();
      });
    },

    async close() {
      closed = true;
      const stopped = new Error('The PDF extractor is closed');
      for (const job of queue.splice(0)) job.reject(stopped);
      const running = [...slots];
      slots.clear();
      await Promise.all(
        running.map((slot) => {
          clearTimeout(slot.timer);
          slot.job?.reject(stopped);
          return slot.worker.terminate();
        }),
      );
    },
  };
}
