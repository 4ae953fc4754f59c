import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** '.ts' when this module runs under tsx, '.js' once compiled: child entries share it. */
const OWN_EXTENSION = extname(fileURLToPath(import.meta.url));

/** The URL of a sibling module `name` (no extension) of `base`, in the extension this code runs as. */
export function siblingModule(name: string, base: string): URL {
  return new URL(`./${name}${OWN_EXTENSION}`, base);
}

/** tsx's loader (what `--import tsx` loads), resolved from here so the child's cwd does not matter. */
function tsxLoaderUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as { exports: { '.': string } };
  return pathToFileURL(join(dirname(require.resolve('tsx/package.json')), manifest.exports['.'])).href;
}

export interface ForkOptions {
  /** V8's old-space limit of the child (--max-old-space-size). */
  heapMb: number;
  /**
   * Plain-JavaScript modules (file URLs) to load before tsx: tsx's loader slows every module it
   * sees (pdf.js: ~1.5 s instead of ~0.2 s), and a module loaded first is served from the cache.
   * Only used under tsx.
   */
  preload?: readonly string[];
  /** 'pipe' (default): the caller reads the child's stderr; 'inherit': it goes to ours. */
  stderr?: 'pipe' | 'inherit';
}

/**
 * Starts `entry` (from siblingModule) as a child process with an IPC channel that carries typed
 * arrays (advanced serialization). Under tsx the child loads tsx itself; compiled, it is plain
 * Node. Its stdout is ignored; a piped stderr must be read (the caller learns there why a child
 * died), or a chatty child would block.
 */
export function forkModule(entry: URL, opts: ForkOptions): ChildProcess {
  const execArgv = [`--max-old-space-size=${opts.heapMb}`];
  if (entry.pathname.endsWith('.ts')) {
    for (const url of opts.preload ?? []) execArgv.push('--import', url);
    execArgv.push('--import', tsxLoaderUrl());
  }
  return fork(fileURLToPath(entry), [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', opts.stderr ?? 'pipe', 'ipc'],
  });
}
