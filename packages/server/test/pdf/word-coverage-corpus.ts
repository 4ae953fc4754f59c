import { pathToFileURL } from 'node:url';
import { PdfRejectedError } from '../../src/pdf/extract.js';
import { openCorpusReadings } from './corpus-readings.js';
import { CORPUS_DIR, corpusFiles, type CorpusSet } from './test-corpus.js';
import {
  coverage,
  isChinese,
  popplerText,
  precision,
  recall,
  sumCoverage,
  type Coverage,
} from '../../src/pdf/word-coverage.js';

export interface FileCoverage extends Coverage {
  set: CorpusSet;
  file: string;
  language: 'en' | 'zh';
}

/** Fewer tokens than this in pdftotext's text: no text layer to speak of (a scan, a broken file). */
const TEXT_LAYER_TOKENS = 50;

export const CORPUS_SETS: readonly CorpusSet[] = ['reports', 'research', 'cjk', 'malformed'];

export interface CorpusMeasure {
  rows: FileCoverage[];
  /** Files left out, and why: no text layer, rejected by us (with the code), unreadable to poppler. */
  skipped: { set: CorpusSet; file: string; reason: string }[];
}

/**
 * pdftotext's time per file: a real report takes it under 5 s on a busy machine; two hostile
 * files of the malformed set keep it busy until it is killed, with the same outcome at 10 s as at 30.
 */
const POPPLER_TIMEOUT_MS: Record<CorpusSet, number> = {
  reports: 30_000,
  research: 30_000,
  cjk: 30_000,
  malformed: 10_000,
};

/** Runs the tasks given to it `width` at a time, in the order given. */
function limitTo(width: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < width) running++;
    // A finishing task hands its place to the next one waiting.
    else await new Promise<void>((go) => waiting.push(go));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Our text against pdftotext's for every corpus PDF with a text layer that both read. Files we
 * reject (encrypted, damaged) and files poppler cannot read are left out, with the reason.
 */
export async function measureCorpus(sets: readonly CorpusSet[] = CORPUS_SETS): Promise<CorpusMeasure> {
  const corpus = openCorpusReadings();
  // pdftotext two at a time, as many as the readings: dozens at once on a busy machine run into
  // its time limit, and a page it gave up on would count as words we made up.
  const poppler = limitTo(2);
  const measure: CorpusMeasure = { rows: [], skipped: [] };
  try {
    for (const set of sets) {
      await Promise.all(
        corpusFiles(set).map(async (file) => {
          const skip = (reason: string) => measure.skipped.push({ set, file, reason });
          const theirs = await poppler(() =>
            popplerText(`${CORPUS_DIR}${set}/${file}`, POPPLER_TIMEOUT_MS[set]),
          );
          if (theirs === null) return skip('pdftotext cannot read it');
          let ours: string;
          try {
            ours = (await corpus.read(set, file)).pages.join('\n\n');
          } catch (error) {
            if (error instanceof PdfRejectedError) return skip(`rejected: ${error.code}`);
            throw error;
          }
          const c = coverage(ours, theirs);
          if (c.theirs < TEXT_LAYER_TOKENS) return skip('no text layer');
          measure.rows.push({ set, file, language: isChinese(theirs) ? 'zh' : 'en', ...c });
        }),
      );
    }
    const order = (r: { set: CorpusSet; file: string }) => `${sets.indexOf(r.set)} ${r.file}`;
    measure.rows.sort((a, b) => order(a).localeCompare(order(b)));
    return measure;
  } finally {
    await corpus.close();
  }
}

const percent = (n: number) => `${(n * 100).toFixed(1)} %`;

/** The measurement as a Markdown table: a row per file, then one per language over all its words. */
export function coverageTable(rows: readonly FileCoverage[]): string {
  const out = [
    '| set | file | lang | our words | pdftotext words | ours found by pdftotext | pdftotext found in ours |',
    '|---|---|---|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    out.push(
      `| ${r.set} | ${r.file} | ${r.language} | ${r.ours} | ${r.theirs} | ${percent(precision(r))} | ${percent(recall(r))} |`,
    );
  }
  for (const language of ['en', 'zh'] as const) {
    const list = rows.filter((r) => r.language === language);
    const all = sumCoverage(list);
    out.push(
      `| all | ${list.length} files | ${language} | ${all.ours} | ${all.theirs} | ${percent(precision(all))} | ${percent(recall(all))} |`,
    );
  }
  return out.join('\n');
}

// `node --import tsx packages/server/src/pdf/word-coverage-corpus.ts [set,set]`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sets = process.argv[2] ? (process.argv[2].split(',') as CorpusSet[]) : CORPUS_SETS;
  const { rows, skipped } = await measureCorpus(sets);
  console.log(coverageTable(rows));
  for (const s of skipped) console.log(`left out: ${s.set}/${s.file}: ${s.reason}`);
}
