import { parentPort, workerData } from 'node:worker_threads';
import { translatePdf } from './index.js';
import { TranslatePdfError, type TranslationCache } from './types.js';
import type {
  FromWorker,
  MainThreadMethods,
  MethodName,
  ReplyMessage,
  TranslateWorkerData,
} from './worker-protocol.js';

/*
 * Worker thread of translatePdfInWorker: runs translatePdf on the document it was started with.
 * pdf.js parses in a "fake worker" on this thread, and pdf-lib writes here too, so none of it
 * blocks the server's event loop. Batches and cache look-ups go to the main thread as calls.
 */

const port = parentPort;
if (!port) throw new Error('translate-worker must run in a worker thread');

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const waiting = new Map<number, (value: unknown) => void>();
let nextId = 1;
port.on('message', ({ id, value }: ReplyMessage) => {
  waiting.get(id)?.(value);
  waiting.delete(id);
});

function call<M extends MethodName>(
  method: M,
  ...args: Parameters<MainThreadMethods[M]>
): ReturnType<MainThreadMethods[M]> {
  const id = nextId++;
  return new Promise<unknown>((resolve) => {
    waiting.set(id, resolve);
    post({ type: 'call', id, method, args } as FromWorker);
  }) as ReturnType<MainThreadMethods[M]>;
}

/** The main thread's cache, one message per document (look-ups) and per batch (new translations). */
const cache: TranslationCache = {
  get: async (text) => (await call('cacheGetMany', [text]))[0],
  set: (text, translated) => call('cacheSetMany', [[text, translated]]),
  getMany: (texts) => call('cacheGetMany', [...texts]),
  setMany: (entries) =>
    call(
      'cacheSetMany',
      entries.map(([text, translated]) => [text, translated]),
    ),
};

const { bytes, options } = workerData as TranslateWorkerData;
try {
  const result = await translatePdf(bytes, {
    ...options,
    translateBatch: (texts) => call('translateBatch', texts),
    cache,
    onProgress: (done, total) => post({ type: 'progress', done, total }),
  });
  post({ type: 'done', result }, [result.bytes.buffer as ArrayBuffer]);
} catch (error) {
  const e = error instanceof Error ? error : new Error(String(error));
  post({
    type: 'failed',
    error: {
      name: e.name,
      message: e.message,
      ...(e instanceof TranslatePdfError ? { code: e.code } : {}),
    },
  });
}
