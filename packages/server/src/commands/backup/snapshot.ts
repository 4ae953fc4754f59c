import SQLite from 'better-sqlite3';

/**
 * Pages the online backup copies per step (4 MiB with SQLite's 4 KiB pages). The snapshot is held
 * for the whole copy, so the size of a step changes neither what is copied nor what writers wait
 * for; it only sets how often progress is reported.
 */
export const PAGES_PER_STEP = 1024;

export interface SnapshotCopy {
  /** Rows of every table (virtual tables are counted through their shadow tables). */
  tables: Record<string, number>;
  /** Every stored PDF a row refers to: the files and their finished translations. */
  blobs: string[];
  pages: number;
}

/**
 * Copies the SQLite database at `source` into the new file `target` while the server goes on
 * writing. A read transaction is opened first and held until the last page is copied, so the row
 * counts, the list of stored PDFs and the pages all come from one snapshot. Without it SQLite's
 * online backup starts again from the first page whenever another connection commits between two
 * steps: under continuous uploads it copies the database over and over (what made `sqlite3
 * .backup`, 100 pages a step, take a minute). In WAL mode, which the server always uses, a reader
 * never blocks writers: the WAL only grows until the copy ends.
 */
export async function copySnapshot(
  source: string,
  target: string,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<SnapshotCopy> {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN');
    // The first read fixes the snapshot; everything below reads the same one.
    const tables = countTables(db);
    const blobs = referencedBlobs(db);
    const result = await db.backup(target, {
      progress: (p) => {
        onProgress(p.totalPages - p.remainingPages, p.totalPages);
        return PAGES_PER_STEP;
      },
    });
    db.exec('COMMIT');
    selfContained(target);
    return { tables, blobs, pages: result.totalPages };
  } finally {
    db.close();
  }
}

/**
 * The copy carries the source's WAL mode; in rollback-journal mode it is one self-contained file
 * that opens read-only without a -wal or -shm beside it (the server turns WAL on again at start).
 */
function selfContained(path: string): void {
  const copy = new SQLite(path, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Row counts of every ordinary and shadow table of an open SQLite database. */
export function countTables(db: SQLite.Database): Record<string, number> {
  const names = db
    .prepare<[], { name: string }>(
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'shadow')
         AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all()
    .map((t) => t.name);
  const out: Record<string, number> = {};
  for (const name of names) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    out[name] = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${quoted}`).get()?.n ?? 0;
  }
  return out;
}

/** Every stored PDF a row refers to: the files and their finished translations. */
export function referencedBlobs(db: SQLite.Database): string[] {
  return db
    .prepare<[], { sha256: string }>(
      `SELECT sha256 FROM files
       UNION SELECT blob_sha256 FROM file_translations WHERE blob_sha256 IS NOT NULL`,
    )
    .all()
    .map((r) => r.sha256);
}
