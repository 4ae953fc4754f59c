import { constants, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { relativePathOf } from '../../platform/storage/types.js';
import { eachAtOnce } from '../db-copy/each-at-once.js';

/** Files copied at once: enough to keep a disk busy, few enough not to starve the server's reads. */
const AT_ONCE = 4;

/**
 * Copies the stored PDFs `shas` from the content-addressed folder `from` into `to` (same layout),
 * keeping those `to` already holds with the same size. Answers each file's size, and the PDFs
 * `from` lacks: rows that refer to them were deleted after the snapshot was taken, or the library
 * was already missing them.
 */
export async function copyStoredFiles(
  shas: string[],
  from: string,
  to: string,
): Promise<{ copied: { sha256: string; bytes: number }[]; missing: string[] }> {
  const copied: { sha256: string; bytes: number }[] = [];
  const missing: string[] = [];
  await eachAtOnce(shas, AT_ONCE, async (sha) => {
    const rel = relativePathOf(sha);
    const src = join(from, rel);
    const dst = join(to, rel);
    const size = await stat(src).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) return void missing.push(sha);
    const present = await stat(dst).then(
      (s) => s.size,
      () => null,
    );
    if (present !== size) {
      await mkdir(dirname(dst), { recursive: true });
      await copyFile(src, dst);
    }
    copied.push({ sha256: sha, bytes: size });
  });
  copied.sort((a, b) => a.sha256.localeCompare(b.sha256));
  return { copied, missing: missing.sort() };
}

/**
 * The files of DATA_DIR besides the database: the signing secret (unless SIGNING_SECRET is set)
 * and whatever else a release keeps there. Folders (files/, uploads/, outbox/) are not included:
 * PDFs are copied by sha256, and uploads under way and the dev outbox are not worth a backup.
 */
export function dataDirFiles(dataDir: string, databasePath: string): string[] {
  if (!existsSync(dataDir)) return [];
  const db = basename(databasePath);
  const dbFiles = new Set([db, `${db}-wal`, `${db}-shm`, `${db}-journal`]);
  return readdirSync(dataDir)
    .filter((n) => !(dirname(databasePath) === dataDir && dbFiles.has(n)))
    .filter((n) => lstatSync(join(dataDir, n)).isFile())
    .sort();
}

/** Copies `names` from one folder to another, keeping each file's mode (secrets stay 600). */
export function copyNamedFiles(names: string[], from: string, to: string, overwrite = false): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const n of names) copyFileSync(join(from, n), join(to, n), overwrite ? 0 : constants.COPYFILE_EXCL);
}
