import { afterAll, describe, expect, it } from 'vitest';
import { createPdfExtractor } from './extract.js';
import { corpusFiles, readCorpusFile } from '../../test/pdf/test-corpus.js';
import {
  coverageTable,
  measureCorpus,
  type CorpusMeasure,
  type FileCoverage,
} from '../../test/pdf/word-coverage-corpus.js';
import { coverage, isChinese, precision, recall, sumCoverage, tokenCounts } from './word-coverage.js';

describe('the word measure', () => {
  it('counts words folded and lower-cased, and Chinese as Han bigrams', () => {
    expect(Object.fromEntries(tokenCounts('The ﬁrst ＦＹ2023 the'))).toEqual({ the: 2, first: 1, fy2023: 1 });
    expect(Object.fromEntries(tokenCounts('2023年度报告 年'))).toEqual({
      2023: 1,
      年度: 1,
      度报: 1,
      报告: 1,
      年: 1,
    });
  });

  it('counts a word once per time both texts hold it', () => {
    const c = coverage('thesis thesis thesis rst', 'thesis first');
    expect(c).toEqual({ ours: 4, theirs: 2, shared: 1 });
    expect(precision(c)).toBe(0.25);
    expect(recall(c)).toBe(0.5);
    expect(sumCoverage([c, c])).toEqual({ ours: 8, theirs: 4, shared: 2 });
  });

  it('tells Chinese text from English', () => {
    expect(isChinese('年度报告 2023 FY')).toBe(true);
    expect(isChinese('Annual report 年度')).toBe(false);
  });
});

/**
 * Files where poppler, not we, misses what a reader sees; their rows are printed but held to no
 * floor of their own.
 */
const POPPLER_MISREADS: Record<string, string> = {
  'malformed/plumb_issue-848_gs_banner_before_header.pdf': 'poppler reads mirrored pages backwards ("eht")',
  'cjk/pdfjs_XiaoBiaoSong_gb2312_winansi.pdf':
    'the font maps its Chinese to Latin-1 junk; both texts are junk',
};

/** Floors of the share of words each way, per language over all files, and per file of some size. */
const FLOORS = { en: 0.996, zh: 0.995 };
const FILE_FLOOR = 0.95;
const FILE_FLOOR_MIN_WORDS = 500;

describe('our text against poppler’s pdftotext on the real corpus', () => {
  let rows: FileCoverage[] = [];
  let skipped: CorpusMeasure['skipped'] = [];

  afterAll(() => {
    const left = skipped.map((s) => `left out: ${s.set}/${s.file}: ${s.reason}`).join('\n');
    if (rows.length)
      console.log(`Words of our text and of pdftotext, per file:\n${coverageTable(rows)}\n${left}`);
  });

  it('holds the words pdftotext finds, and only those, in every file with a text layer', async () => {
    ({ rows, skipped } = await measureCorpus());
    // Every report and research note has a text layer; scans, encrypted and broken files drop out.
    expect(skipped.filter((s) => s.set === 'reports' || s.set === 'research')).toEqual([]);
    expect(rows.filter((r) => r.set === 'reports')).toHaveLength(corpusFiles('reports').length);
    expect(rows.filter((r) => r.set === 'research')).toHaveLength(corpusFiles('research').length);
    for (const language of ['en', 'zh'] as const) {
      const all = sumCoverage(rows.filter((r) => r.language === language));
      expect(precision(all), `${language}: our words pdftotext finds`).toBeGreaterThanOrEqual(
        FLOORS[language],
      );
      expect(recall(all), `${language}: pdftotext's words we hold`).toBeGreaterThanOrEqual(FLOORS[language]);
    }
    for (const r of rows) {
      const key = `${r.set}/${r.file}`;
      if (key in POPPLER_MISREADS || r.theirs < FILE_FLOOR_MIN_WORDS) continue;
      expect(precision(r), `${key}: our words pdftotext finds`).toBeGreaterThanOrEqual(FILE_FLOOR);
      expect(recall(r), `${key}: pdftotext's words we hold`).toBeGreaterThanOrEqual(FILE_FLOOR);
    }
  }, 600_000);
});

describe('the words a reader sees in two real reports', () => {
  const extractor = createPdfExtractor({ concurrency: 1, timeoutMs: 60_000, maxPages: 100 });
  afterAll(() => extractor.close());

  it('spells out ligatures drawn without a Unicode mapping', async () => {
    const pdf = await extractor.extract(readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf'));
    const text = pdf.pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('the first 36 weeks of fiscal 2023');
    expect(text).not.toContain('\u0000');
  });

  it('reads a heading drawn four times over once', async () => {
    const pdf = await extractor.extract(readCorpusFile('research', 'en_argus_unitedhealth_company.pdf'));
    const first = pdf.pages[0] ?? '';
    expect(first).toMatch(/^INVESTMENT THESIS$/m);
    expect(first).not.toContain('THESISINVESTMENT');
    expect(first.match(/UNITEDHEALTH GROUP INC/g)).toHaveLength(1);
  });
});
