import type { Row, SourceSnapshot } from './source.js';
import type { CopiedTable } from './tables.js';
import type { TargetWriter } from './target.js';

/**
 * Rows per INSERT: 500, fewer for wide tables (PostgreSQL takes at most 65,535 parameters a
 * statement), and a batch is sent early once it holds about 8 MB of text (long pages).
 */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 60_000;
const BATCH_CHARS = 8 * 1024 * 1024;
const PROGRESS_EVERY = 100_000;

/**
 * Copies one table's rows in multi-row INSERTs, reading the next batch from the source while the
 * target writes the previous one. Text with NUL characters (which PostgreSQL text cannot hold)
 * loses them; `nulsRemoved` counts the values that did.
 */
export async function copyTable(
  snap: Pick<SourceSnapshot, 'rows'>,
  w: Pick<TargetWriter, 'insert'>,
  table: CopiedTable,
  columns: string[],
  stats: { nulsRemoved: number },
  progress: (copied: number) => void = () => undefined,
): Promise<number> {
  const rowsPerBatch = Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length));
  let batch: Row[] = [];
  let chars = 0;
  let copied = 0;
  let writing: Promise<void> = Promise.resolve();
  const send = async () => {
    const rows = batch;
    batch = [];
    chars = 0;
    await writing;
    writing = w.insert(table.name, rows);
    // Awaited before the next batch (or at the end); until then a failure must not count as unhandled.
    writing.catch(() => undefined);
  };
  for await (const row of snap.rows(table.name, columns)) {
    for (const [column, value] of Object.entries(row)) {
      if (typeof value !== 'string') continue;
      chars += value.length;
      if (value.includes('\u0000')) {
        row[column] = value.replaceAll('\u0000', '');
        stats.nulsRemoved++;
      }
    }
    batch.push(row);
    if (++copied % PROGRESS_EVERY === 0) progress(copied);
    if (batch.length >= rowsPerBatch || chars >= BATCH_CHARS) await send();
  }
  if (batch.length > 0) await send();
  await writing;
  return copied;
}
