import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BackupRefused, type LibraryPaths } from './backup.js';
import { copyNamedFiles, copyStoredFiles } from './copy-files.js';
import { DATA_DIR_COPY, DATABASE_FILE, FILES_DIR, type BackupManifest } from './manifest.js';
import { verifyBackup } from './verify.js';

/**
 * Puts the verified backup `dir` in place of a library that has no database yet (the server
 * stopped, the old DATA_DIR moved aside, or a new machine): the PDFs, the files of DATA_DIR, and
 * the database last, under a temporary name renamed into place, so an interrupted restore never
 * leaves a database that a server would start on without its files. A stale -wal beside it would
 * be replayed into the restored database, so one refuses it too.
 */
export async function restoreLibrary(dir: string, lib: LibraryPaths): Promise<BackupManifest> {
  const m = await verifyBackup(dir);
  const present = ['', '-wal', '-shm', '-journal'].map((s) => lib.database + s).filter((p) => existsSync(p));
  if (present.length)
    throw new BackupRefused(
      `${present.join(', ')} exists: restore only where no library is (stop the server and move its DATA_DIR aside first)`,
    );
  await copyStoredFiles(
    m.files.list.map((f) => f.sha256),
    join(dir, FILES_DIR),
    lib.files,
  );
  // The backup's secret replaces the one a first start (or loading the configuration) generated:
  // links and challenges signed before the backup stay valid.
  copyNamedFiles(m.data_dir_files, join(dir, DATA_DIR_COPY), lib.dataDir, true);
  mkdirSync(dirname(lib.database), { recursive: true });
  const temp = `${lib.database}.restoring`;
  copyFileSync(join(dir, DATABASE_FILE), temp);
  renameSync(temp, lib.database);
  return m;
}
