import type { Plugin, Rollup } from 'vite';

/** The chunk of a dynamically imported module and every chunk it imports, transitively. */
function chunksOf(
  bundle: Rollup.OutputBundle,
  chunk: Rollup.OutputChunk,
  found = new Set<string>(),
): Set<string> {
  if (found.has(chunk.fileName)) return found;
  found.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') chunksOf(bundle, next, found);
  }
  return found;
}

/**
 * Adds `<link rel="modulepreload">` to the page for modules the app imports lazily but at once as it
 * starts (`modules` matches their ids). The browser then fetches them beside the entry instead of
 * after it has run; they stay out of the entry, so they do not delay its evaluation.
 */
export function preloadAtStart(modules: RegExp): Plugin {
  let base = '/';
  return {
    name: 'rl-preload-at-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const starts = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' && output.isDynamicEntry && modules.test(output.facadeModuleId ?? ''),
        );
        if (starts.length === 0) this.error(`no lazily imported chunk matches ${modules}`);
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        const loadedWithEntry = entry?.type === 'chunk' ? chunksOf(bundle, entry) : new Set<string>();
        const files = new Set(starts.flatMap((chunk) => [...chunksOf(bundle, chunk)]));
        return [...files]
          .filter((file) => !loadedWithEntry.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
