import type { ChildProcess } from 'node:child_process';
import { watchResidentMemory } from '../memory-watch.js';
import { rejectionMessages } from '../pdf-rejected-error.js';
import { pdfjsModuleUrls } from '../pdfjs-paths.js';
import { forkModule, siblingModule } from '../spawn-child.js';
import { cacheGetMany, cacheSetMany } from './translate-blocks.js';
import type { TranslatePdfOptions, TranslatePdfResult } from './translate-pdf-types.js';
import { TranslatePdfError } from './types.js';
import type {
  CallMessage,
  FromWorker,
  MainThreadMethods,
  ReplyMessage,
  SerializedError,
  StartMessage,
} from './worker-protocol.js';

const CHILD_ENTRY = siblingModule('translate-child', import.meta.url);

/** Heap of a translation child: a 260-page filing needs a few hundred MB; a runaway one stops here. */
export const TRANSLATE_WORKER_HEAP_MB = 1536;
/** All the memory a translation child may hold (heap, buffers, pdf-lib, zlib): past it, it is killed. */
export const TRANSLATE_CHILD_RSS_LIMIT_MB = 2048;
/**
 * How long the worker may work without a word (no progress, no call for a batch or the cache):
 * a PDF that hangs pdf.js or pdf-lib fails its job (retryable) instead of holding it for ever. Time
 * spent waiting for the model does not count.
 */
export const TRANSLATE_WORKER_STALL_MS = 120_000;

let live = 0;

/** Translation children running a document now (a spare waiting for one is not counted). */
export function liveTranslateWorkers(): number {
  return live;
}

function revive(error: SerializedError): Error {
  if (error.code) return new TranslatePdfError(error.code, error.message);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

/** Children that have loaded (said 'ready'). */
const loaded = new WeakSet<ChildProcess>();

/** A translation child, loading or loaded, waiting for its document. */
function spawnTranslateWorker(): ChildProcess {
  // Its stderr is ours: pdf-lib's warnings about odd files land where they always did.
  const child = forkModule(CHILD_ENTRY, {
    heapMb: TRANSLATE_WORKER_HEAP_MB,
    preload: pdfjsModuleUrls,
    stderr: 'inherit',
  });
  child.once('message', () => loaded.add(child));
  return child;
}

/** Whether a child keeps this process alive: a spare does not, a child at work does. */
function keepAlive(child: ChildProcess, on: boolean): void {
  for (const handle of [child, child.channel]) {
    if (on) handle?.ref();
    else handle?.unref();
  }
}

/**
 * translatePdf in a child process of its own, so that pdf.js, the fitting and pdf-lib never block
 * the event loop and all the memory they take is bounded (TRANSLATE_CHILD_RSS_LIMIT_MB) and given
 * back when the child exits: same options, same result, TranslatePdfError with its code for files
 * that cannot be translated. `translateBatch`, the cache and `onProgress` run here, in the calling
 * process; a failure of one of them fails the run with that error. Aborting kills the child; so
 * does the end of the run. A child that dies fails the run with an ordinary Error.
 *
 * `bytes` are copied to the child; the caller's array is left as it was.
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
  let spare: ChildProcess | null = null;
  let closed = false;
  const startSpare = () => {
    if (closed) return;
    const worker = spawnTranslateWorker();
    keepAlive(worker, false);
    // A spare that dies while idle (out of memory at load, say) is simply started again on demand.
    const forget = () => {
      if (spare === worker) spare = null;
    };
    worker.once('exit', forget);
    worker.once('error', forget);
    spare = worker;
  };
  const take = (): ChildProcess => {
    const worker = spare ?? spawnTranslateWorker();
    spare = null;
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    keepAlive(worker, true);
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
      if (worker) await kill(worker);
    },
  };
}

/** Kills a child and resolves once it is gone. */
function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  keepAlive(child, true);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

/** What the child is sent to start: the bytes and the options it can take across the channel. */
function startMessage(bytes: Uint8Array, options: TranslatePdfOptions): StartMessage {
  // A plain Uint8Array: the channel keeps a Buffer a Buffer, and pdf.js refuses Buffers.
  const own = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    type: 'start',
    bytes: own,
    options: {
      ...(options.glossary ? { glossary: options.glossary } : {}),
      ...(options.maxBatchChars !== undefined ? { maxBatchChars: options.maxBatchChars } : {}),
      ...(options.minFontSize !== undefined ? { minFontSize: options.minFontSize } : {}),
    },
  };
}

/** What the child calls back here: the model's batches and the cache. */
function mainThreadMethods(options: TranslatePdfOptions): MainThreadMethods {
  return {
    translateBatch: (texts) => options.translateBatch(texts),
    cacheGetMany: (texts) => cacheGetMany(options.cache, texts),
    cacheSetMany: (entries) => cacheSetMany(options.cache, entries),
  };
}

function runInWorker(
  worker: ChildProcess,
  bytes: Uint8Array,
  options: TranslatePdfOptions,
  limits: { stallMs?: number },
): Promise<TranslatePdfResult> {
  const stallMs = limits.stallMs ?? TRANSLATE_WORKER_STALL_MS;
  const { signal } = options;
  const start = startMessage(bytes, options);
  const methods = mainThreadMethods(options);
  live++;
  worker.send(start);

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
      stopWatch();
      signal?.removeEventListener('abort', onAbort);
      void kill(worker);
      outcome();
    };
    const fail = (error: unknown) => settle(() => reject(error));
    const stopWatch =
      worker.pid === undefined
        ? () => undefined
        : watchResidentMemory(worker.pid, TRANSLATE_CHILD_RSS_LIMIT_MB * 1024 * 1024, () =>
            fail(new TranslatePdfError('unreadable', rejectionMessages.tooMuchMemory())),
          );
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
          worker.send(reply);
        })
        .catch(fail);
    };

    // Loading the child (Node, pdf.js, pdf-lib: seconds on a busy machine) is not the document's work.
    if (loaded.has(worker)) watch();
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
        case 'ready':
          break;
        case 'done':
          settle(() => resolve(message.result));
          break;
        case 'failed':
          fail(revive(message.error));
          break;
      }
    });
    worker.on('error', (error) =>
      fail(new Error(`Translation worker failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code, signal) => {
      live--;
      fail(new Error(`Translation worker exited with ${signal ?? `code ${code}`}`));
    });
  });
}
