import { pathToFileURL } from 'node:url';
import { createPdfExtractor, PdfRejectedError } from './extract.js';
import { CORPUS_DIR, corpusFiles, readCorpusFile, type CorpusSet } from './test-corpus.js';
import {
  coverage,
  isChinese,
  popplerText,
  precision,
  recall,
  sumCoverage,
  type Coverage,
} from './word-coverage.js';

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
 * Our text against pdftotext's for every corpus PDF with a text layer that both read. Files we
 * reject (encrypted, damaged) and files poppler cannot read are left out, with the reason.
 */
export async function measureCorpus(sets: readonly CorpusSet[] = CORPUS_SETS): Promise<CorpusMeasure> {
  const extractor = createPdfExtractor({ concurrency: 2, timeoutMs: 300_000, maxPages: 2000 });
  const measure: CorpusMeasure = { rows: [], skipped: [] };
  try {
    for (const set of sets) {
      await Promise.all(
        corpusFiles(set).map(async (file) => {
          const skip = (reason: string) => measure.skipped.push({ set, file, reason });
          const theirs = await popplerText(`${CORPUS_DIR}${set}/${file}`);
          if (theirs === null) return skip('pdftotext cannot read it');
          let ours: string;
          try {
            ours = (await extractor.extract(readCorpusFile(set, file))).pages.join('\n\n');
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
    await extractor.close();
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
