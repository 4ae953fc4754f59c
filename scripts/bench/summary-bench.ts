import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPdf } from '../../packages/server/src/pdf/read-pdf.js';
import { extractiveSummary } from '../../packages/server/src/modules/summary/extractive.js';
import { median, round } from './stats.js';

/**
 * Extractive summary figure of issue 6: the time of the built-in summary per report, from the text
 * of its pages (extraction itself is the ingest figure and is not counted). Median of `runs` runs
 * after one warm-up, over English and Chinese reports of every length in the corpus.
 */
export const SUMMARY_BENCH_REPORTS = [
  ['fb_COSTCO_2023Q3_EARNINGS.pdf', 'en'],
  ['fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf', 'en'],
  ['fb_APPLE_2023Q3_10Q.pdf', 'en'],
  ['fb_BOEING_2022_10K.pdf', 'en'],
  ['fb_AMERICANEXPRESS_2022_10K.pdf', 'en'],
  ['cn_broker_note_tebon_688556_2022-07-19.pdf', 'zh'],
  ['cn_annual_report_2020_600201_jinyu_bio.pdf', 'zh'],
] as const;

export interface SummaryBenchRow {
  report: string;
  pages: number;
  chars: number;
  medianMs: number;
  standardChars: number;
}

export async function benchSummary(corpusDir: string, runs = 5): Promise<SummaryBenchRow[]> {
  const rows: SummaryBenchRow[] = [];
  for (const [report, language] of SUMMARY_BENCH_REPORTS) {
    const pdf = await readPdf(new Uint8Array(readFileSync(join(corpusDir, report))), { maxPages: 1000 });
    let summary = extractiveSummary(pdf.pages, language);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      summary = extractiveSummary(pdf.pages, language);
      samples.push(performance.now() - t0);
    }
    rows.push({
      report,
      pages: pdf.numPages,
      chars: pdf.pages.reduce((n, p) => n + p.length, 0),
      medianMs: round(median(samples)),
      standardChars: summary.standard.length,
    });
  }
  return rows;
}

export function formatSummaryBench(rows: SummaryBenchRow[]): string {
  return [
    'extractive summary (median per report, text of its pages given)',
    ...rows.map(
      (r) =>
        `  ${r.report.padEnd(48)} ${String(r.pages).padStart(4)} pages ${String(r.chars).padStart(8)} chars ${String(r.medianMs).padStart(7)} ms`,
    ),
  ].join('\n');
}
