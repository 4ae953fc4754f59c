import { extractBlocks } from './extract-blocks.js';
import { translateBlocks } from './translate-blocks.js';
import type { TranslatePdfOptions, TranslatePdfResult } from './translate-pdf-types.js';
import { writeTranslatedPdf } from './write-translated-pdf.js';

export {
  createTranslateWorkers,
  liveTranslateWorkers,
  translatePdfInWorker,
  type TranslateWorkers,
} from './in-worker.js';
export { createMemoryCache } from './translate-blocks.js';
export { TranslatePdfError } from './types.js';
export type { TranslateBatch, TranslationCache, TranslatePdfErrorCode } from './types.js';

/**
 * Translates a PDF into Chinese keeping its layout: positioned text blocks from pdf.js, translated
 * in batches through the cache with the finance glossary, drawn in place of the original text on
 * the original pages. Throws TranslatePdfError for files it cannot read or rewrite.
 */
export async function translatePdf(
  bytes: Uint8Array,
  options: TranslatePdfOptions,
): Promise<TranslatePdfResult> {
  const { signal } = options;
  let started = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - started;
    started = now;
    return Math.round(ms);
  };

  const pages = await extractBlocks(bytes, { glossary: options.glossary, signal });
  const extract = lap();

  const total = pages.length;
  // The last page is reported once the file is written, so "done" means downloadable.
  const { blocks, stats } = await translateBlocks(pages, {
    translateBatch: options.translateBatch,
    cache: options.cache,
    glossary: options.glossary,
    maxBatchChars: options.maxBatchChars,
    signal,
    onProgress: (done) => {
      if (done < total) options.onProgress?.(done, total);
    },
  });
  const translate = lap();

  signal?.throwIfAborted();
  const written = await writeTranslatedPdf(bytes, blocks, { minFontSize: options.minFontSize, signal });
  const write = lap();
  options.onProgress?.(total, total);

  const fitted = written.drawn.filter((d) => d.fit !== null);
  return {
    bytes: written.bytes,
    pages: total,
    blocks: pages.reduce((sum, p) => sum + p.blocks.length, 0),
    translatedBlocks: fitted.length,
    truncatedBlocks: fitted.filter((d) => d.fit?.truncated).length,
    decrypted: written.decrypted,
    translation: stats,
    ms: { extract, translate, write },
  };
}
