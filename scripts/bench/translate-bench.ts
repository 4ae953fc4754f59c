import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMemoryCache,
  createTranslateWorkers,
  type TranslateWorkers,
} from '../../packages/server/src/pdf/translate/index.js';
import { fakeTranslator, withStallProbe } from '../../packages/server/src/pdf/translate/test-support.js';
import { median, round } from './stats.js';

/**
 * Translation figure of issue 6: the layout-keeping translation pipeline's time per page without the
 * model (a fake translator that answers at once with Chinese of a realistic length), as the job runs
 * it (in a worker thread of its own, taken from the one kept loaded ahead), the size of the translated PDF relative to
 * the original, and the longest stall of the calling thread's event loop meanwhile (a 10 ms interval
 * timer's longest wait beyond its period: what a request to the server would have waited). Each
 * report is translated once to warm up, then `runs` times with a fresh cache; medians are reported.
 */

export const TRANSLATE_BENCH_REPORTS = [
  'fb_COSTCO_2023Q3_EARNINGS.pdf', // earnings release, 4 pages
  'fb_APPLE_2023Q3_10Q.pdf', // 10-Q with dense tables, RC4-encrypted, 29 pages
  'imf_gfsr_oct2025_ch1.pdf', // two columns and charts, 46 pages
  'fb_ADOBE_2016_10K.pdf', // 10-K, 112 pages, 4 MB
];

export interface TranslateBenchReport {
  report: string;
  pages: number;
  blocks: number;
  translatedBlocks: number;
  runs: number;
  medianMsPerPage: number;
  /** Medians of the three stages, per page. */
  medianMsPerPageByStage: { extract: number; translate: number; write: number };
  samplesMsPerPage: number[];
  /** Longest event-loop stall of the calling thread: median over the runs, and the worst. */
  medianMaxStallMs: number;
  maxStallMs: number;
  inputBytes: number;
  outputBytes: number;
  outputToInput: number;
}

export interface TranslateBenchResult {
  targetMsPerPage: number;
  /** Median over all runs of all reports, weighted by pages. */
  msPerPage: number;
  reports: TranslateBenchReport[];
}

async function benchReport(
  workers: TranslateWorkers,
  dir: string,
  report: string,
  runs: number,
): Promise<TranslateBenchReport> {
  const bytes = new Uint8Array(readFileSync(join(dir, report)));
  // The worker takes the buffer over: each run gets a copy.
  const once = () =>
    workers.translate(bytes.slice(), {
      translateBatch: fakeTranslator().translateBatch,
      cache: createMemoryCache(),
    });
  const first = await once(); // warm-up, not counted
  const samples: { total: number; stall: number; extract: number; translate: number; write: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { value: r, stallMs } = await withStallProbe(once);
    samples.push({ total: performance.now() - started, stall: stallMs, ...r.ms });
  }
  const perPage = (key: keyof (typeof samples)[number]) =>
    round(median(samples.map((s) => s[key])) / first.pages);
  return {
    report,
    pages: first.pages,
    blocks: first.blocks,
    translatedBlocks: first.translatedBlocks,
    runs,
    medianMsPerPage: perPage('total'),
    medianMsPerPageByStage: {
      extract: perPage('extract'),
      translate: perPage('translate'),
      write: perPage('write'),
    },
    samplesMsPerPage: samples.map((s) => round(s.total / first.pages)),
    medianMaxStallMs: round(median(samples.map((s) => s.stall))),
    maxStallMs: round(Math.max(...samples.map((s) => s.stall))),
    inputBytes: bytes.length,
    outputBytes: first.bytes.length,
    outputToInput: round(first.bytes.length / bytes.length, 2),
  };
}

export async function benchTranslate(dir: string, runs = 5): Promise<TranslateBenchResult> {
  const reports: TranslateBenchReport[] = [];
  const workers = createTranslateWorkers();
  try {
    for (const report of TRANSLATE_BENCH_REPORTS) reports.push(await benchReport(workers, dir, report, runs));
  } finally {
    await workers.close();
  }
  const weighted = reports.flatMap((r) =>
    r.samplesMsPerPage.flatMap((ms) => Array<number>(r.pages).fill(ms)),
  );
  return { targetMsPerPage: 150, msPerPage: round(median(weighted)), reports };
}

export function formatTranslateBench(r: TranslateBenchResult): string {
  const lines = r.reports.map(
    (x) =>
      `  ${x.report}: ${x.pages} pages, ${x.translatedBlocks}/${x.blocks} blocks translated, ` +
      `${x.medianMsPerPage} ms/page (extract ${x.medianMsPerPageByStage.extract}, translate ` +
      `${x.medianMsPerPageByStage.translate}, write ${x.medianMsPerPageByStage.write}), ` +
      `event loop stalled ${x.medianMaxStallMs} ms at most (worst ${x.maxStallMs}), output ${x.outputToInput}x the input (${x.outputBytes} / ${x.inputBytes} bytes)`,
  );
  return [
    `translation pipeline without the model, in its worker: ${r.msPerPage} ms/page (target <= ${r.targetMsPerPage})`,
    ...lines,
  ].join('\n');
}

// `tsx scripts/bench/translate-bench.ts [corpus dir] [runs]`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? new URL('../../../shared/corpus/reports/', import.meta.url).pathname;
  console.log(formatTranslateBench(await benchTranslate(dir, Number(process.argv[3] ?? 5))));
}
