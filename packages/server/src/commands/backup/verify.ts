import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { relativePathOf, sha256OfFile } from '../../platform/storage/types.js';
import { eachAtOnce } from '../db-copy/each-at-once.js';
import {
  BackupInvalid,
  DATA_DIR_COPY,
  DATABASE_FILE,
  FILES_DIR,
  readManifest,
  type BackupManifest,
} from './manifest.js';
import { countTables, referencedBlobs } from './snapshot.js';

/**
 * Checks a backup folder against its manifest and against itself: the database file's sha256,
 * SQLite's integrity check, every table's rows, and every PDF the copied database refers to present
 * with its size and a content whose sha256 is its name. Throws BackupInvalid with every problem.
 * `m` is the manifest about to be written (a backup verifies itself before it writes it).
 */
export async function verifyBackup(
  dir: string,
  m: BackupManifest = readManifest(dir),
): Promise<BackupManifest> {
  const problems: string[] = [];
  const dbPath = join(dir, DATABASE_FILE);
  if (!existsSync(dbPath)) throw new BackupInvalid([`${DATABASE_FILE} is missing`]);
  if (statSync(dbPath).size !== m.database.bytes || (await sha256OfFile(dbPath)) !== m.database.sha256)
    problems.push(`${DATABASE_FILE} is not the file the backup wrote (size or sha256 differs)`);
  const referenced = inspectCopy(dbPath, m, problems);

  const listed = new Map(m.files.list.map((f) => [f.sha256, f.bytes]));
  for (const sha of referenced)
    if (!listed.has(sha)) problems.push(`the database refers to ${sha}.pdf, which the backup does not list`);
  await eachAtOnce([...listed], 4, async ([sha, bytes]) => {
    const path = join(dir, FILES_DIR, relativePathOf(sha));
    if (!existsSync(path)) return void problems.push(`${FILES_DIR}/${relativePathOf(sha)} is missing`);
    if (statSync(path).size !== bytes || (await sha256OfFile(path)) !== sha)
      problems.push(`${FILES_DIR}/${relativePathOf(sha)} is damaged (size or sha256 differs)`);
  });
  for (const name of m.data_dir_files)
    if (!existsSync(join(dir, DATA_DIR_COPY, name))) problems.push(`${DATA_DIR_COPY}/${name} is missing`);
  if (problems.length) throw new BackupInvalid(problems);
  return m;
}

/** Integrity and row counts of the copied database; answers the stored PDFs it refers to. */
function inspectCopy(dbPath: string, m: BackupManifest, problems: string[]): string[] {
  let db: SQLite.Database;
  try {
    db = new SQLite(dbPath, { readonly: true, fileMustExist: true });
  } catch (err) {
    problems.push(`${DATABASE_FILE} does not open: ${(err as Error).message}`);
    return [];
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const messages = integrity.map((r) => r.integrity_check);
    if (messages.join() !== 'ok') {
      problems.push(`integrity check: ${messages.slice(0, 3).join('; ')}`);
      return [];
    }
    const counts = countTables(db);
    for (const t of new Set([...Object.keys(m.database.tables), ...Object.keys(counts)]))
      if (counts[t] !== m.database.tables[t])
        problems.push(
          `table ${t}: ${counts[t] ?? 'absent'} rows, the snapshot had ${m.database.tables[t] ?? 'none'}`,
        );
    return referencedBlobs(db);
  } catch (err) {
    problems.push(`${DATABASE_FILE} cannot be read: ${(err as Error).message}`);
    return [];
  } finally {
    db.close();
  }
}
