import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a backup folder holds, written last: a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  created_at: string;
  /** Where the library was taken from. */
  source: { database: string; files: string; data_dir: string };
  database: {
    file: typeof DATABASE_FILE;
    bytes: number;
    sha256: string;
    pages: number;
    /** Rows of every table in the snapshot copied. */
    tables: Record<string, number>;
  };
  /** The stored PDFs the snapshot refers to, each under files/ab/cd/<sha256>.pdf. */
  files: { count: number; bytes: number; list: { sha256: string; bytes: number }[] };
  /** The files of DATA_DIR besides the database (the signing secret, ...), under data-dir/. */
  data_dir_files: string[];
  seconds: { database: number; files: number; verify: number };
}

export const MANIFEST_FORMAT = 'research-library-backup/1';
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'library.db';
export const FILES_DIR = 'files';
export const DATA_DIR_COPY = 'data-dir';

export function writeManifest(dir: string, manifest: BackupManifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
}

/** The manifest of a backup folder; throws BackupInvalid when it is missing or not one of ours. */
export function readManifest(dir: string): BackupManifest {
  let m: Partial<BackupManifest>;
  try {
    m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupInvalid([`${join(dir, MANIFEST_FILE)} is missing or unreadable: not a finished backup`]);
  }
  if (m.format !== MANIFEST_FORMAT || !m.database || !m.files || !m.data_dir_files)
    throw new BackupInvalid([`${MANIFEST_FILE}: not a ${MANIFEST_FORMAT} manifest`]);
  return m as BackupManifest;
}

/** A backup that does not hold what its manifest says (or no manifest at all). */
export class BackupInvalid extends Error {
  constructor(readonly problems: string[]) {
    super(
      `the backup does not verify: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    );
    this.name = 'BackupInvalid';
  }
}
