import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPdfExtractor } from '../../packages/server/src/pdf/extract.js';

export interface ExtractBenchResult {
  files: number;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
}

/** The real reports of the shared corpus, next to the repository. */
const DEFAULT_DIR = fileURLToPath(new URL('../../../shared/corpus/reports/', import.meta.url));

/** Files of the malformed set that once hung pdf.js; 5.6 reads them, and how fast is a figure. */
export const FORMER_CPU_BOMBS = ['pdfjs_bomb_giant.pdf', 'pdfjs_bug1980958.pdf'];

/**
 * Pages of text extracted per second over every PDF in `dir` (or the `only` ones), with two child
 * processes (the production setting on a two-core machine). Files are read before the clock starts;
 * child start-up counts.
 */
export async function benchExtract(dir: string, only?: readonly string[]): Promise<ExtractBenchResult> {
  const files = (only ?? readdirSync(dir))
    .filter((name) => name.toLowerCase().endsWith('.pdf'))
    .map((name) => new Uint8Array(readFileSync(join(dir, name))));
  const extractor = createPdfExtractor({ concurrency: 2, timeoutMs: 120_000, maxPages: 2000 });
  try {
    const started = performance.now();
    const outcomes = await Promise.allSettled(files.map((bytes) => extractor.extract(bytes)));
    const seconds = (performance.now() - started) / 1000;
    // Rejected files (if the folder holds any) count as neither files nor pages.
    const read = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const pages = read.reduce((sum, pdf) => sum + pdf.numPages, 0);
    return { files: read.length, pages, seconds, pagesPerSecond: pages / seconds };
  } finally {
    await extractor.close();
  }
}

// `tsx scripts/bench/extract-bench.ts [dir]`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? DEFAULT_DIR;
  const r = await benchExtract(dir);
  console.log(
    `PDF text extraction: ${r.files} files, ${r.pages} pages in ${r.seconds.toFixed(1)} s = ` +
      `${r.pagesPerSecond.toFixed(1)} pages/s (2 child processes)`,
  );
}
