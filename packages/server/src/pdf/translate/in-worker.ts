import type { Worker } from 'node:worker_threads';
import { pdfjsModuleUrls } from '../pdfjs-paths.js';
import { spawnTsWorker } from '../spawn-ts-worker.js';
import type { TranslatePdfOptions, TranslatePdfResult } from './index.js';
import { cacheGetMany, cacheSetMany } from './translate-blocks.js';
import { TranslatePdfError } from './types.js';
import type {
  CallMessage,
  FromWorker,
  MainThreadMethods,
  ReplyMessage,
  SerializedError,
  StartMessage,
} from './worker-protocol.js';

const WORKER_ENTRY = new URL('./translate-worker.ts', import.meta.url);

/** Heap of a translation worker: a 260-page filing needs a few hundred MB; a runaway one stops here. */
export const TRANSLATE_WORKER_HEAP_MB = 1536;
/**
 * How long the worker may work without a word (no progress, no call for a batch or the cache):
 * a PDF that hangs pdf.js or pdf-lib fails its job (retryable) instead of holding it for ever. Time
 * spent waiting for the model does not count.
 */
export const TRANSLATE_WORKER_STALL_MS = 120_000;

let live = 0;

/** Translation worker threads running a document now (a spare waiting for one is not counted). */
export function liveTranslateWorkers(): number {
  return live;
}

function revive(error: SerializedError): Error {
  if (error.code) return new TranslatePdfError(error.code, error.message);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

/** A translation worker, loading or loaded, waiting for its document. */
function spawnTranslateWorker(): Worker {
  return spawnTsWorker(WORKER_ENTRY, {
    preload: pdfjsModuleUrls,
    resourceLimits: { maxOldGenerationSizeMb: TRANSLATE_WORKER_HEAP_MB },
  });
}

/**
 * translatePdf in a worker thread of its own, so that pdf.js, the fitting and pdf-lib never block
 * the event loop: same options, same result, TranslatePdfError with its code for files that cannot
 * be translated. `translateBatch`, the cache and `onProgress` run here, in the calling thread; a
 * failure of one of them fails the run with that error. Aborting terminates the worker; so does
 * the end of the run. A worker that dies fails the run with an ordinary Error.
 *
 * The buffer of `bytes` is transferred to the worker and is detached (empty) afterwards: pass
 * `bytes.slice()` to keep the data.
 */
export async function translatePdfInWorker(
  bytes: Uint8Array,
  options: TranslatePdfOptions,
  limits: { stallMs?: number } = {},
): Promise<TranslatePdfResult> {
  options.signal?.throwIfAborted();
  return runInWorker(spawnTranslateWorker(), bytes, options, limits);
}

/** Translation workers for a long-lived caller (the translate job): see createTranslateWorkers. */
export interface TranslateWorkers {
  translate: typeof translatePdfInWorker;
  /** Stops the spare worker. */
  close(): Promise<void>;
}

/**
 * translatePdfInWorker with a worker started ahead: from the first document on, a spare loads
 * (tsx, pdf.js, pdf-lib, the CJK faces: about half a second) while nobody waits and idles until
 * the next document comes, so only the first job of a process waits for a worker to start; nothing
 * is started before anyone translates. Each worker still runs one document and exits, so nothing
 * is carried from one report to the next. The spare does not keep the process alive; `close` stops
 * it.
 */
export function createTranslateWorkers(): TranslateWorkers {
  let spare: Worker | null = null;
  let closed = false;
  const startSpare = () => {
    if (closed) return;
    const worker = spawnTranslateWorker();
    worker.unref();
    // A spare that dies while idle (out of memory at load, say) is simply started again on demand.
    const forget = () => {
      if (spare === worker) spare = null;
    };
    worker.once('exit', forget);
    worker.once('error', forget);
    spare = worker;
  };
  const take = (): Worker => {
    const worker = spare ?? spawnTranslateWorker();
    spare = null;
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    worker.ref();
    startSpare();
    return worker;
  };
  return {
    async translate(bytes, options, limits = {}) {
      options.signal?.throwIfAborted();
      return runInWorker(take(), bytes, options, limits);
    },
    async close() {
      closed = true;
      const worker = spare;
      spare = null;
      await worker?.terminate();
    },
  };
}

function runInWorker(
  worker: Worker,
  bytes: Uint8Array,
  options: TranslatePdfOptions,
  limits: { stallMs?: number },
): Promise<TranslatePdfResult> {
  const stallMs = limits.stallMs ?? TRANSLATE_WORKER_STALL_MS;
  const { signal } = options;
  // Transfer a view over a whole ArrayBuffer only: the buffer behind a view into a larger one (e.g.
  // Node's Buffer pool) would take unrelated data with it.
  const whole =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer;
  const own = whole ? bytes : bytes.slice();
  const start: StartMessage = {
    type: 'start',
    bytes: own,
    options: {
      ...(options.glossary ? { glossary: options.glossary } : {}),
      ...(options.maxBatchChars !== undefined ? { maxBatchChars: options.maxBatchChars } : {}),
      ...(options.minFontSize !== undefined ? { minFontSize: options.minFontSize } : {}),
    },
  };
  const methods: MainThreadMethods = {
    translateBatch: (texts) => options.translateBatch(texts),
    cacheGetMany: (texts) => cacheGetMany(options.cache, texts),
    cacheSetMany: (entries) => cacheSetMany(options.cache, entries),
  };
  live++;
  worker.postMessage(start, [own.buffer as ArrayBuffer]);

  return new Promise<TranslatePdfResult>((resolve, reject) => {
    let settled = false;
    // The stall clock runs while the worker works, not while it waits for an answer from here.
    let waitingForUs = 0;
    let stall: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(stall);
      if (waitingForUs === 0)
        stall = setTimeout(
          () => fail(new Error(`The translation worker did nothing for ${Math.round(stallMs / 1000)} s`)),
          stallMs,
        );
    };
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(stall);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const fail = (error: unknown) => settle(() => reject(error));
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    const answer = (message: CallMessage) => {
      const run = methods[message.method] as (...args: unknown[]) => Promise<unknown>;
      waitingForUs++;
      clearTimeout(stall);
      // Through a promise from the start, so that a callback that throws at once fails the run too.
      Promise.resolve()
        .then(() => run(...message.args))
        .then((value) => {
          if (settled) return;
          waitingForUs--;
          watch();
          const reply: ReplyMessage = { type: 'reply', id: message.id, value };
          worker.postMessage(reply);
        })
        .catch(fail);
    };

    watch();
    worker.on('message', (message: FromWorker) => {
      if (settled) return;
      watch();
      switch (message.type) {
        case 'call':
          answer(message);
          break;
        case 'progress':
          try {
            options.onProgress?.(message.done, message.total);
          } catch (error) {
            fail(error);
          }
          break;
        case 'done':
          settle(() => resolve(message.result));
          break;
        case 'failed':
          fail(revive(message.error));
          break;
      }
    });
    worker.on('messageerror', (error) =>
      fail(new Error('Translation worker message could not be read', { cause: error })),
    );
    worker.on('error', (error) =>
      fail(new Error(`Translation worker failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) => {
      live--;
      fail(new Error(`Translation worker exited with code ${code}`));
    });
  });
}
