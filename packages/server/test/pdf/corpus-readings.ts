import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPdfExtractor, type PdfExtractor } from '../../src/pdf/extract.js';
import { PdfRejectedError, rejectionMessages } from '../../src/pdf/pdf-rejected-error.js';
import type { ExtractedPdf } from '../../src/pdf/types.js';
import { readCorpusFile, type CorpusSet } from './test-corpus.js';

/*
 * Many tests judge what comes after the text of the real corpus (keywords, classes, summaries,
 * research data, coverage against poppler), and each used to read the same 47 MB of notes again:
 * a quarter of the suite's time. Reading is a pure function of the bytes and of the reading's
 * code, so its answer is kept on disk under a hash of both and shared by every test file and
 * process of a run. Any change to the code that reads (src/pdf, src/text, pdf.js) changes the
 * hash, so a kept answer is never one the current code would not give. The reading itself is
 * tested without this (extract-corpus, extract, decode-budget).
 */

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const READING_SOURCES = ['src/pdf', 'src/text'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A hash of everything the reading's answer depends on besides the document. */
function readingHash(): string {
  const hash = createHash('sha256');
  const pdfjs = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
  hash.update(readFileSync(pdfjs));
  for (const file of READING_SOURCES.flatMap((dir) => sourceFiles(join(SERVER_DIR, dir))).sort()) {
    hash.update(relative(SERVER_DIR, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let cacheDir: string | undefined;
function readingsDir(): string {
  cacheDir ??= join(tmpdir(), 'rl-corpus-readings', readingHash());
  mkdirSync(cacheDir, { recursive: true });
  return cacheDir;
}

function kept(path: string): ExtractedPdf | undefined {
  try {
    if (statSync(path).size === 0) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as ExtractedPdf;
  } catch {
    return undefined;
  }
}

export interface CorpusReadings {
  /** The text of a corpus file as the product reads it, refused above `maxPages` as it would be. */
  read(set: CorpusSet, file: string, opts?: { maxPages?: number }): Promise<ExtractedPdf>;
  close(): Promise<void>;
}

/** Readings of corpus files, kept across the run; a file not read yet is read by real child processes. */
export function openCorpusReadings(opts: { concurrency?: number } = {}): CorpusReadings {
  let extractor: PdfExtractor | undefined;
  return {
    async read(set, file, { maxPages = 2000 } = {}) {
      const bytes = readCorpusFile(set, file);
      const key = createHash('sha256').update(bytes).digest('hex');
      const path = join(readingsDir(), `${key}.json`);
      let pdf = kept(path);
      if (!pdf) {
        extractor ??= createPdfExtractor({
          concurrency: opts.concurrency ?? 2,
          timeoutMs: 300_000,
          maxPages: 5000,
        });
        pdf = await extractor.extract(bytes);
        // Written whole under another name first: a reader in another process never sees half.
        const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        writeFileSync(partial, JSON.stringify(pdf));
        renameSync(partial, path);
      }
      if (pdf.numPages > maxPages) {
        throw new PdfRejectedError('too_many_pages', rejectionMessages.tooManyPages(pdf.numPages, maxPages));
      }
      return pdf;
    },
    async close() {
      await extractor?.close();
    },
  };
}
