/**
 * Web benchmark: time from navigation to the first results painted on /home/file, time from
 * clicking a ~30-page report to its first PDF page painted, and the initial JavaScript (gzip).
 *
 *   node --import tsx e2e/bench-web.ts [--runs 7] [--seed 60] [--url http://127.0.0.1:3000]
 *
 * Each run uses a fresh Chromium profile (cold cache). Without --url it starts the real server on
 * a temp data folder and stops it afterwards. The web app must be built (npm run build:web).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openBrowser } from './helpers/browser';
import { reportWithPages } from './helpers/library';
import { WEB_DIST } from './helpers/paths';
import { startServer } from './helpers/server';
import { measureInitialJs } from './initial-js-size';
import { median } from '../scripts/bench/stats.js';

export interface WebBenchOptions {
  runs?: number;
  seedCount?: number;
  /** A running server to measure; otherwise one is started. */
  serverUrl?: string;
  reportPages?: number;
}

export interface WebBenchResult {
  runs: number;
  firstResultsMs: number[];
  firstResultsMedianMs: number;
  firstPdfPageMs: number[];
  firstPdfPageMedianMs: number;
  /** Direct link to a report (?file=…), navigation to first PDF page painted, cold. */
  directLinkPdfMs: number[];
  directLinkPdfMedianMs: number;
  reportPageCount: number;
  initialJsGzipBytes: number;
  initialJsFiles: { file: string; gzipBytes: number }[];
}

/**
 * Installed before the app loads: notes (in page time, ms since navigation start) when the first
 * result and the first rendered PDF page appear, each after the next paint, and the last click.
 */
const PAINT_PROBE = `(() => {
  const marks = (window.__benchMarks = {});
  const afterPaint = (name) => requestAnimationFrame(() => setTimeout(() => { marks[name] ??= performance.now(); }, 0));
  const seen = new Set();
  const check = () => {
    if (!seen.has('results') && document.querySelector('[data-testid="result-item"]')) { seen.add('results'); afterPaint('results'); }
    if (!seen.has('pdf') && document.querySelector('[data-page-number="1"][data-rendered="true"] canvas')) { seen.add('pdf'); afterPaint('pdf'); }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
  addEventListener('click', () => { marks.click = performance.now(); delete marks.pdf; seen.delete('pdf'); }, true);
})();`;

type Marks = { results?: number; pdf?: number; click?: number };

/** Waits until the probe has noted `name`, then returns every mark. */
async function waitForMark(page: Page, name: keyof Marks): Promise<Marks> {
  const read = () => (window as unknown as { __benchMarks: Marks }).__benchMarks;
  await page.waitForFunction(
    (mark) => (window as unknown as { __benchMarks: Marks }).__benchMarks[mark] !== undefined,
    name,
    { timeout: 30_000 },
  );
  return page.evaluate(read);
}

async function measureRun(baseUrl: string, report: { id: string; page_count: number }) {
  const session = await openBrowser();
  try {
    const { page } = session;
    await page.addInitScript(PAINT_PROBE);
    // 1. Navigation to first results painted, as a new visitor lands on the library.
    await page.goto(`${baseUrl}/home/file`, { waitUntil: 'commit' });
    const firstResults = (await waitForMark(page, 'results')).results!;
    // 2. List the report (filter on its page count), then click it once the page is idle (the
    //    viewer prefetch has had its chance).
    await page.goto(`${baseUrl}/home/file?min_page=${report.page_count}&max_page=${report.page_count}`);
    await page.waitForSelector(`[data-testid="result-item"][data-file-id="${report.id}"]`);
    await page.waitForLoadState('networkidle');
    await page.click(`[data-testid="result-item"][data-file-id="${report.id}"]`);
    const afterPdf = await waitForMark(page, 'pdf');
    const firstPdf = afterPdf.pdf! - afterPdf.click!;
    // 3. A direct link to the report in a fresh tab (cold for the PDF, warm HTTP cache for the app).
    const direct = await session.context.newPage();
    await direct.addInitScript(PAINT_PROBE);
    await direct.goto(`${baseUrl}/home/file?file=${report.id}`, { waitUntil: 'commit' });
    const directMarks = await waitForMark(direct, 'pdf');
    return { firstResults, firstPdf, directPdf: directMarks.pdf! };
  } finally {
    await session.close();
  }
}

export async function benchWeb(options: WebBenchOptions = {}): Promise<WebBenchResult> {
  const runs = options.runs ?? 7;
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build:web');
  const server = options.serverUrl ? null : await startServer({ seedCount: options.seedCount ?? 60 });
  const baseUrl = options.serverUrl ?? server!.url;
  try {
    const report = await reportWithPages(baseUrl, options.reportPages ?? 30);
    const samples = [];
    // One warm-up run so the server's own caches do not count against the first sample.
    await measureRun(baseUrl, report);
    for (let i = 0; i < runs; i++) samples.push(await measureRun(baseUrl, report));
    const initial = measureInitialJs(WEB_DIST);
    const firstResultsMs = samples.map((s) => Math.round(s.firstResults));
    const firstPdfPageMs = samples.map((s) => Math.round(s.firstPdf));
    const directLinkPdfMs = samples.map((s) => Math.round(s.directPdf));
    return {
      runs,
      firstResultsMs,
      firstResultsMedianMs: median(firstResultsMs),
      firstPdfPageMs,
      firstPdfPageMedianMs: median(firstPdfPageMs),
      directLinkPdfMs,
      directLinkPdfMedianMs: median(directLinkPdfMs),
      reportPageCount: report.page_count,
      initialJsGzipBytes: initial.initialGzipBytes,
      initialJsFiles: initial.initialFiles,
    };
  } finally {
    await server?.stop();
  }
}

export function formatWebBench(result: WebBenchResult): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `Web benchmark (${result.runs} runs, fresh Chromium profile each, headless)`,
    `  navigation -> first results painted on /home/file: median ${result.firstResultsMedianMs} ms  [${result.firstResultsMs.join(', ')}]  (target <= 1000 ms)`,
    `  click a ${result.reportPageCount}-page report -> first PDF page painted: median ${result.firstPdfPageMedianMs} ms  [${result.firstPdfPageMs.join(', ')}]  (target <= 1500 ms)`,
    `  direct link to the report -> first PDF page painted: median ${result.directLinkPdfMedianMs} ms  [${result.directLinkPdfMs.join(', ')}]`,
    `  initial JavaScript of the search page: ${kb(result.initialJsGzipBytes)} gzip  (${result.initialJsFiles.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')})  (target <= 300 KB)`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      url: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const result = await benchWeb({
    runs: values.runs ? Number(values.runs) : undefined,
    seedCount: values.seed ? Number(values.seed) : undefined,
    serverUrl: values.url,
  });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatWebBench(result));
}
