import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real PDFs, used in place (never copied into the repository). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

export type CorpusSet = 'reports' | 'cjk' | 'malformed';

export function corpusFiles(set: CorpusSet): string[] {
  return readdirSync(CORPUS_DIR + set)
    .filter((name) => name.endsWith('.pdf'))
    .sort();
}

export function readCorpusFile(set: CorpusSet, name: string): Uint8Array {
  return new Uint8Array(readFileSync(`${CORPUS_DIR}${set}/${name}`));
}

/** What MANIFEST.tsv recorded for a file when the corpus was collected (pdf.js 4.10). */
export interface ManifestEntry {
  pages: number | null;
  /** Characters of text on pages 1-5 (spaces included). */
  charsP1to5: number | null;
  /** Han characters pdf.js (with CMaps where noted) extracted from pages 1-5. */
  hanP1to5: number | null;
}

export function readManifest(): Map<string, ManifestEntry> {
  const rows = readFileSync(CORPUS_DIR + 'MANIFEST.tsv', 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const entries = new Map<string, ManifestEntry>();
  for (const row of rows) {
    const [set, file, , , , , note = ''] = row.split('\t');
    const pdfjs = note.slice(note.indexOf('pdfjs-dist'));
    const counts = /numPages=(\d+), text p1-5=(\d+) chars/.exec(pdfjs);
    const han = /text p1-5=\d+ chars, (\d+) Han|(\d+) Han(?: \(p1-5\))? with/.exec(pdfjs);
    entries.set(`${set}/${file}`, {
      pages: counts ? Number(counts[1]) : null,
      charsP1to5: counts ? Number(counts[2]) : null,
      hanP1to5: han ? Number(han[1] ?? han[2]) : null,
    });
  }
  return entries;
}
