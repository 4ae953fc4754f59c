import { afterAll, describe, expect, it } from 'vitest';
import { FORMER_CPU_BOMBS } from '../../../../scripts/bench/extract-bench.js';
import { createPdfExtractor, PdfRejectedError, type ExtractedPdf, type PdfRejectionCode } from './extract.js';
import { corpusFiles, readCorpusFile, readManifest, type CorpusSet } from '../../test/pdf/test-corpus.js';
import { textQuality } from './text-quality.js';

/*
 * Every file of the shared corpus either extracts with plausible pages and text or is rejected with
 * a code and a clear message, within the time limit. The outcome table (with each file's time) is
 * printed for review.
 */

type Outcome = 'ok' | PdfRejectionCode;

interface Result {
  set: CorpusSet;
  file: string;
  outcome: Outcome;
  ms: number;
  pdf?: ExtractedPdf;
  message?: string;
}

/** How pdf.js 5.6 handles the malformed set; files not listed extract. */
const MALFORMED_EXPECTED: Record<string, Outcome> = {
  'plumb_empty_zero_bytes.pdf': 'empty',
  'pdfjs_bug1606566.pdf': 'not_pdf', // no %PDF- header at all
  'qpdf_bad1.pdf': 'not_pdf',
  'qpdf_fuzz-16214.pdf': 'not_pdf',
  'qpdf_issue-148.pdf': 'not_pdf',
  'qpdf_issue-263.pdf': 'not_pdf', // "%PDFn"
  'qpdf_issue-335b.pdf': 'not_pdf',
  'pdfjs_issue6010_1.pdf': 'encrypted',
  'pdfjs_issue6010_2.pdf': 'encrypted',
  'pdfjs_saslprep-r6.pdf': 'encrypted',
  'pdfjs_issue21579.pdf': 'encrypted',
  'pdfjs_issue3371.pdf': 'encrypted',
  'qpdf_enc-R2_V1_U-view_O-master.pdf': 'encrypted',
  'qpdf_enc-XI-R6_V5_U-view_O-master.pdf': 'encrypted',
  'qpdf_bad-encryption-length.pdf': 'encrypted',
  'plumb_password-example.pdf': 'encrypted',
  'pdfjs_REDHAT-1531897-0.pdf': 'damaged',
  'pdfjs_bug1020226.pdf': 'damaged',
  'pdfjs_poppler-395-0-fuzzed.pdf': 'damaged',
  'pdfjs_poppler-937-0-fuzzed.pdf': 'damaged',
  'qpdf_issue-100.pdf': 'damaged',
  'qpdf_empty.pdf': 'damaged', // zero pages
  'qpdf_many-nulls.pdf': 'damaged', // zero pages
};

/** Encrypted with an empty user password (owner password only): readable, flagged as encrypted. */
const OPEN_ENCRYPTED = [
  'reports/fb_APPLE_2023Q3_10Q.pdf',
  'reports/fb_AMERICANEXPRESS_2022_10K.pdf',
  'reports/fb_BOEING_2022_10K.pdf',
  'reports/fb_NETFLIX_2015_10K.pdf',
  'malformed/pdfjs_bug900822.pdf',
  'malformed/pdfjs_empty_protected.pdf',
  'malformed/pdfjs_secHandler.pdf',
  'malformed/pdfjs_issue7665.pdf',
  'malformed/plumb_pr-138-rc4-copy-protected.pdf',
  'malformed/qpdf_leading-junk.pdf',
];

/** Scans without a text layer: they open, and have nothing to index. */
const SCANS = [
  'cjk/mineru_small_ocr_cn_scan.pdf',
  'cjk/mineru_complex_layout_cn_magazine_scan.pdf',
  'malformed/mineru_scanned_cn_image_only.pdf',
  'malformed/rapid_image_only_scan.pdf',
];

/**
 * Files that draw every character twice in place: pdf.js 4.10 (the manifest's count) read each one
 * twice; we read it once, the count of the manifest's text-layer note (what poppler read).
 */
const DRAWN_TWICE: Record<string, number> = { 'plumb_issue-71_cn_resume_dup_chars.pdf': 882 };

const MESSAGES: Record<PdfRejectionCode, RegExp> = {
  empty: /^The file is empty$/,
  not_pdf: /^The file is not a PDF$/,
  encrypted: /^The PDF is password-protected$/,
  damaged: /^The PDF (?:is damaged and cannot be read|has no pages)$/,
  timeout: /^Reading the PDF took longer than 15 s$/,
  too_many_pages: /^The PDF has \d+ pages; the limit is 2000$/,
  too_large:
    /^(?:A compressed stream in the PDF expands|The compressed streams of the PDF expand) to more than \d+ MB|^The PDF needs too much memory to read$/,
};

// Real documents get time to spare on a busy machine (a 260-page 10-K takes ~5 s alone); the
// malformed set, where a hang would show, gets a short limit.
const extractors = {
  reports: createPdfExtractor({ concurrency: 2, timeoutMs: 120_000, maxPages: 2000 }),
  cjk: createPdfExtractor({ concurrency: 2, timeoutMs: 120_000, maxPages: 2000 }),
  malformed: createPdfExtractor({ concurrency: 2, timeoutMs: 15_000, maxPages: 2000 }),
  research: createPdfExtractor({ concurrency: 2, timeoutMs: 120_000, maxPages: 2000 }),
};
const manifest = readManifest();
const results = new Map<string, Result>();

async function run(set: CorpusSet): Promise<Result[]> {
  return Promise.all(
    corpusFiles(set).map(async (file): Promise<Result> => {
      const started = Date.now();
      try {
        const pdf = await extractors[set].extract(readCorpusFile(set, file));
        return { set, file, outcome: 'ok', ms: Date.now() - started, pdf };
      } catch (error) {
        if (!(error instanceof PdfRejectedError)) throw error;
        return { set, file, outcome: error.code, ms: Date.now() - started, message: error.message };
      }
    }),
  ).then((list) => {
    for (const r of list) results.set(`${r.set}/${r.file}`, r);
    return list;
  });
}

function nonBlank(pages: readonly string[]): number {
  return pages.join('').replace(/\s/g, '').length;
}

function han(pages: readonly string[]): number {
  return pages.join('').match(/[\u4e00-\u9fff]/g)?.length ?? 0;
}

afterAll(async () => {
  await Promise.all(Object.values(extractors).map((e) => e.close()));
  const rows = [...results.values()].map((r) => {
    const detail = r.pdf
      ? `${r.pdf.numPages} p, ${nonBlank(r.pdf.pages)} chars${r.pdf.encrypted ? ', encrypted' : ''}`
      : r.message;
    return `${r.set.padEnd(9)} ${r.file.padEnd(52)} ${r.outcome.padEnd(9)} ${String(r.ms).padStart(6)} ms  ${detail}`;
  });
  const tally = new Map<string, number>();
  for (const r of results.values()) tally.set(r.outcome, (tally.get(r.outcome) ?? 0) + 1);
  console.log(
    `PDF corpus outcomes (${results.size} files): ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}\n` +
      rows.join('\n'),
  );
});

// The tests share one extractor and run in order: the later ones inspect what the first three read.
describe('extracting the real corpus', () => {
  it('reads every report with the page count pdf.js reported and the text of its first pages', async () => {
    const list = await run('reports');
    expect(list).toHaveLength(31);
    for (const r of list) {
      const expected = manifest.get(`reports/${r.file}`);
      expect(r.outcome, r.file).toBe('ok');
      expect(r.pdf?.numPages, r.file).toBe(expected?.pages);
      expect(r.pdf?.pages).toHaveLength(r.pdf?.numPages ?? -1);
      // The manifest counted spaces too; our text keeps about 86% of that without them.
      expect(nonBlank(r.pdf?.pages.slice(0, 5) ?? []), r.file).toBeGreaterThan(
        0.75 * (expected?.charsP1to5 ?? 0),
      );
    }
    const chinese = list.filter((r) => r.file.startsWith('cn_'));
    expect(chinese).toHaveLength(4);
    for (const r of chinese) {
      const expected = manifest.get(`reports/${r.file}`)?.hanP1to5 ?? Infinity;
      expect(han(r.pdf?.pages.slice(0, 5) ?? []), r.file).toBeGreaterThanOrEqual(expected);
    }
  }, 240_000);

  it('reads the Chinese set, including fonts that only decode with the bundled CMaps', async () => {
    const list = await run('cjk');
    expect(list).toHaveLength(15);
    for (const r of list) {
      expect(r.outcome, r.file).toBe('ok');
      const expected = manifest.get(`cjk/${r.file}`);
      expect(r.pdf?.numPages, r.file).toBe(expected?.pages);
      const hanP1to5 = han(r.pdf?.pages.slice(0, 5) ?? []);
      const once = DRAWN_TWICE[r.file];
      if (once) expect(hanP1to5, r.file).toBe(once);
      else if (expected?.hanP1to5) expect(hanP1to5, r.file).toBeGreaterThanOrEqual(expected.hanP1to5);
    }
    expect(results.get('cjk/pdfjs_issue3521_gbk_noembed.pdf')?.pdf?.pages[0]).toBe('我们都是黑体字');
    expect(results.get('cjk/pdfjs_issue2128r_gbk_noembed.pdf')?.pdf?.pages[0]).toContain('浅谈校长的魅力');
  }, 120_000);

  it('rejects what cannot be read with the right code and message, and reads the rest', async () => {
    const list = await run('malformed');
    expect(list).toHaveLength(70);
    for (const r of list) {
      expect(r.outcome, r.file).toBe(MALFORMED_EXPECTED[r.file] ?? 'ok');
      if (r.outcome !== 'ok') expect(r.message, r.file).toMatch(MESSAGES[r.outcome]);
      else {
        expect(r.pdf?.numPages, r.file).toBeGreaterThanOrEqual(1);
        expect(r.pdf?.pages, r.file).toHaveLength(r.pdf?.numPages ?? -1);
      }
    }
    // Junk before the header (a Ghostscript banner, a line of text) does not stop the reader.
    expect(
      nonBlank(results.get('malformed/plumb_issue-848_gs_banner_before_header.pdf')?.pdf?.pages ?? []),
    ).toBeGreaterThan(10_000);
    expect(results.get('malformed/pdfjs_issue6069.pdf')?.outcome).toBe('ok');
    // A fuzzed file claims 213,804,087 pages; pdf.js finds one.
    expect(results.get('malformed/pdfjs_poppler-85140-0.pdf')?.pdf?.numPages).toBe(1);
  }, 120_000);

  it('opens owner-password-only files and flags them as encrypted', () => {
    for (const key of OPEN_ENCRYPTED) {
      const r = results.get(key);
      expect(r?.outcome, key).toBe('ok');
      expect(r?.pdf?.encrypted, key).toBe(true);
    }
    expect(nonBlank(results.get('reports/fb_BOEING_2022_10K.pdf')?.pdf?.pages ?? [])).toBeGreaterThan(
      400_000,
    );
    expect(results.get('reports/fb_PEPSICO_2023_8K_dated-2023-05-05.pdf')?.pdf?.encrypted).toBe(false);
  });

  it('gives scans no text, which the pipeline then rejects as having no text layer', () => {
    for (const key of SCANS) {
      const pdf = results.get(key)?.pdf;
      expect(pdf, key).toBeDefined();
      expect(textQuality(pdf ?? { pages: ['x'] }).chars, key).toBe(0);
    }
  });

  it('reads the former CPU bombs within the 15 s limit (pdf.js 5.6 no longer hangs on them)', () => {
    // Past the limit the extractor would have refused them as a timeout. How long they take is a
    // figure of the benchmarks (FORMER_CPU_BOMBS in scripts/bench/extract-bench.ts), not of a test.
    for (const file of FORMER_CPU_BOMBS) expect(results.get(`malformed/${file}`)?.outcome, file).toBe('ok');
  });
});
