import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256OfFile } from '../../platform/storage/types.js';
import { copyNamedFiles, copyStoredFiles, dataDirFiles } from './copy-files.js';
import {
  BackupInvalid,
  DATA_DIR_COPY,
  DATABASE_FILE,
  FILES_DIR,
  MANIFEST_FORMAT,
  writeManifest,
  type BackupManifest,
} from './manifest.js';
import { copySnapshot } from './snapshot.js';
import { verifyBackup } from './verify.js';

/** Where a library on one machine keeps its parts (config: DATABASE_URL, STORAGE_URL, DATA_DIR). */
export interface LibraryPaths {
  /** The SQLite database file. */
  database: string;
  /** The folder of the stored PDFs (ab/cd/<sha256>.pdf). */
  files: string;
  dataDir: string;
}

/** A backup or restore that would overwrite something, or cannot be taken here. */
export class BackupRefused extends Error {}

const seconds = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

/**
 * Backs up a library that may be running into the empty or new folder `dir`: first the database
 * (one snapshot, copied page by page while writers go on), then the stored PDFs that snapshot
 * refers to, then the files of DATA_DIR (the signing secret). The copy is verified before the
 * manifest is written: a folder with a manifest is a complete, checked backup.
 */
export async function backupLibrary(
  lib: LibraryPaths,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0))
    throw new BackupRefused(`${dir} is not an empty folder: back up into a new one`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });

  let t0 = performance.now();
  let reported = performance.now();
  const snap = await copySnapshot(lib.database, join(dir, DATABASE_FILE), (done, total) => {
    if (performance.now() - reported < 5000) return;
    reported = performance.now();
    log(`  database: ${done} of ${total} pages`);
  });
  const dbPath = join(dir, DATABASE_FILE);
  // It holds password and session hashes: readable by the owner only, as the secrets.
  chmodSync(dbPath, 0o600);
  const database: BackupManifest['database'] = {
    file: DATABASE_FILE,
    bytes: statSync(dbPath).size,
    sha256: await sha256OfFile(dbPath),
    pages: snap.pages,
    tables: snap.tables,
  };
  const dbSeconds = seconds(t0);
  log(`database copied: ${snap.pages} pages in ${dbSeconds} s; copying ${snap.blobs.length} stored PDFs`);

  t0 = performance.now();
  const files = await copyStoredFiles(snap.blobs, lib.files, join(dir, FILES_DIR));
  if (files.missing.length)
    throw new BackupInvalid(
      files.missing.map((sha) => `${sha}.pdf is referred to by the snapshot but not in ${lib.files}`),
    );
  const filesSeconds = seconds(t0);
  const extra = dataDirFiles(lib.dataDir, lib.database);
  copyNamedFiles(extra, lib.dataDir, join(dir, DATA_DIR_COPY));

  t0 = performance.now();
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    created_at: new Date().toISOString(),
    source: { database: lib.database, files: lib.files, data_dir: lib.dataDir },
    database,
    files: {
      count: files.copied.length,
      bytes: files.copied.reduce((n, f) => n + f.bytes, 0),
      list: files.copied,
    },
    data_dir_files: extra,
    seconds: { database: dbSeconds, files: filesSeconds, verify: 0 },
  };
  await verifyBackup(dir, manifest);
  manifest.seconds.verify = seconds(t0);
  writeManifest(dir, manifest);
  return manifest;
}
