import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * URL of tsx's ESM API. `require.resolve('tsx/esm/api')` would pick its CommonJS build (which cannot
 * register the loader from here), `import.meta.resolve` is missing under Vitest, and `tsx/esm`
 * registers itself only on the main thread; so read the `import` target from tsx's exports map.
 */
function tsxEsmApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as {
    exports: { './esm/api': { import: { default: string } } };
  };
  const root = dirname(require.resolve('tsx/package.json'));
  return pathToFileURL(join(root, manifest.exports['./esm/api'].import.default)).href;
}

const tsxApiUrl = tsxEsmApiUrl();

export interface SpawnTsWorkerOptions extends Omit<WorkerOptions, 'eval'> {
  /**
   * File URLs of large plain-JavaScript modules to load before tsx is registered. tsx's loader
   * slows every module it sees (pdf.js: ~1.5 s instead of ~0.2 s); a module loaded first is served
   * from the module cache when the entry imports it.
   */
  preload?: readonly string[];
}

/**
 * Starts a worker thread whose entry is a TypeScript module.
 *
 * Node 20 cannot load a `.ts` file as a worker entry, and `execArgv: ['--import', 'tsx']` is not
 * honoured by workers, so the thread runs a tiny eval'd bootstrap that registers tsx's ESM loader
 * inside the thread and then imports the entry. Errors while loading surface as the worker's
 * `error` event, like any uncaught error in a worker.
 */
export function spawnTsWorker(entry: URL, options: SpawnTsWorkerOptions = {}): Worker {
  const { preload = [], ...workerOptions } = options;
  const bootstrap =
    `(async () => {` +
    `for (const url of ${JSON.stringify(preload)}) await import(url);` +
    `(await import(${JSON.stringify(tsxApiUrl)})).register();` +
    `await import(${JSON.stringify(entry.href)});` +
    `})()`;
  return new Worker(bootstrap, { ...workerOptions, eval: true });
}
