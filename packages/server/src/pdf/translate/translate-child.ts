import { loadCjkFaces } from '../cjk-font.js';
import { installDecodeBudget } from '../decode-budget.js';
import { translatePdf } from './index.js';
import { TranslatePdfError, type TranslationCache } from './types.js';
import type { FromWorker, MainThreadMethods, MethodName, StartMessage, ToWorker } from './worker-protocol.js';

/*
 * Child process of translatePdfInWorker: loads, then waits for its one document (a start message)
 * and runs translatePdf on it. pdf.js parses in a "fake worker" here, and pdf-lib writes here too,
 * so none of it blocks the server's event loop, and all the memory a document takes is this
 * process's, which the parent watches and which goes back to the system when it exits. Batches and
 * cache look-ups go to the parent as calls.
 */

if (!process.send) throw new Error('translate-child must run as a child process with an IPC channel');

const post = (message: FromWorker) => process.send?.(message);

// Rendering a page's paint decodes its images too: every stream pdf.js inflates here is bounded.
installDecodeBudget();

// Warm-up while idle: the CJK faces (read and parsed once per process) are ready before the document.
void loadCjkFaces().catch(() => undefined);

const waiting = new Map<number, (value: unknown) => void>();
let nextId = 1;
process.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    void run(message);
    return;
  }
  waiting.get(message.id)?.(message.value);
  waiting.delete(message.id);
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

async function run({ bytes, options }: StartMessage): Promise<void> {
  try {
    const result = await translatePdf(bytes, {
      ...options,
      translateBatch: (texts) => call('translateBatch', texts),
      cache,
      onProgress: (done, total) => post({ type: 'progress', done, total }),
    });
    post({ type: 'done', result });
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
}

// The parent going away ends the child.
process.on('disconnect', () => process.exit(0));

post({ type: 'ready' });
