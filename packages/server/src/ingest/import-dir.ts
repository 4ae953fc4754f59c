import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Runtime } from '../runtime.js';

export interface ImportRow {
  file: string;
  outcome: 'ingested' | 'duplicate' | 'rejected';
  reason: string;
  fileId: string | null;
  pages: number;
  title: string;
}

/** Ingests every PDF of a folder (by content: every regular file is tried) and reports each one. */
export async function importDirectory(rt: Runtime, dir: string): Promise<ImportRow[]> {
  const names = (await readdir(dir)).sort();
  const pending: { row: ImportRow }[] = [];
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
      pending.push({ row });
    }
  }
  rt.runner.start();
  await rt.runner.idle();
  const { files } = rt.repos;
  for (const { row } of pending) {
    const f = row.fileId ? await files.byId(row.fileId) : undefined;
    if (!f) continue;
    row.pages = f.page_count;
    row.title = f.title;
    if (f.status === 'failed') {
      row.outcome = 'rejected';
      row.reason = f.fail_reason ?? 'failed';
    }
  }
  return rows;
}
