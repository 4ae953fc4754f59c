import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { NoteSources, StockInformation } from '@rl/contract';
import { noteSourcesOf } from '../modules/files/fact-sources.js';
import { jsonList, type FileRow } from '../modules/files/presenter.js';
import type { Runtime } from '../runtime.js';
import { registrationsOf, reportTypeOf } from '../modules/files/meta-columns.js';

/** What the reading read of an ingested report, as the import prints it. */
export interface ImportReading {
  title: string;
  issuer: string;
  publishDate: string | null;
  authors: string[];
  authorRegistrations: Record<string, string>;
  reportType: string;
  language: string;
  assetClass: string | null;
  country: string | null;
  tags: string[];
  stocks: StockInformation[];
  /** Where the note's own facts were printed (each stock's are in its entry). */
  sources: NoteSources;
}

export interface ImportRow {
  file: string;
  outcome: 'ingested' | 'duplicate' | 'rejected';
  reason: string;
  fileId: string | null;
  pages: number;
  title: string;
  /** What was read (ingested and duplicate files); null for a rejected file. */
  read: ImportReading | null;
}

/** How often the import looks whether the next file's ingestion has finished. */
const POLL_MS = 200;

export function readingOf(f: FileRow): ImportReading {
  return {
    title: f.title,
    issuer: f.issuer,
    publishDate: f.publish_date,
    authors: jsonList(f.authors),
    authorRegistrations: registrationsOf(f.author_registrations),
    reportType: reportTypeOf(f.report_type),
    language: f.language,
    assetClass: f.asset_class,
    country: f.country,
    tags: jsonList(f.tags),
    stocks: JSON.parse(f.stock_information) as StockInformation[],
    sources: noteSourcesOf(f.fact_sources),
  };
}

/**
 * Ingests every PDF of a folder (by content: every regular file is tried) and reports each one,
 * calling `onDone` with a file's row once its ingestion has finished (in the folder's order). It
 * waits for its own files' jobs, not for a re-ingestion of the library that may be running.
 */
export async function importDirectory(
  rt: Runtime,
  dir: string,
  onDone: (row: ImportRow, index: number, count: number) => void = () => undefined,
): Promise<ImportRow[]> {
  const names = (await readdir(dir)).sort();
  const rows: ImportRow[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (!(await stat(path)).isFile() || name.startsWith('.')) continue;
    const row: ImportRow = {
      file: basename(path),
      outcome: 'rejected',
      reason: '',
      fileId: null,
      pages: 0,
      title: '',
      read: null,
    };
    rows.push(row);
    const outcome = await rt.ingestor.ingest({
      bytes: await readFile(path),
      fileName: name,
      source: 'import',
    });
    if (outcome.kind === 'rejected') row.reason = outcome.reason;
    else {
      row.fileId = outcome.fileId;
      row.outcome = outcome.kind === 'duplicate' ? 'duplicate' : 'ingested';
    }
  }
  rt.runner.start();
  for (const [index, row] of rows.entries()) {
    const f = row.fileId ? await finished(rt, row.fileId) : undefined;
    if (f) {
      row.pages = f.page_count;
      row.title = f.title;
      if (f.status === 'failed') {
        row.outcome = 'rejected';
        row.reason = f.fail_reason ?? 'failed';
      } else row.read = readingOf(f);
    }
    onDone(row, index, rows.length);
  }
  // The summaries the import queued are written before it ends, unless a walk of the whole library
  // is under way (it would hold the import for its length; the server's workers finish both).
  if (!(await rt.repos.reingest.progress()).running) await rt.runner.idle();
  return rows;
}

/** The file once its ingestion has finished (ready or failed); undefined when it was deleted. */
async function finished(rt: Runtime, fileId: string): Promise<FileRow | undefined> {
  for (;;) {
    const f = await rt.repos.files.byId(fileId);
    if (!f || f.status !== 'processing') return f;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
