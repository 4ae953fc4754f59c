import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createOpenFiles } from './open-files.js';
import {
  relativePathOf,
  sha256Hex,
  sha256OfAside,
  sha256OfName,
  StoredFileMissing,
  type FileStorage,
  type StoredEntry,
} from './types.js';

/**
 * The store in a local folder (`DATA_DIR/files`, or STORAGE_URL=file:PATH): `ab/cd/<sha256>.pdf`,
 * each written under a temporary name, synced, then renamed into place.
 */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (sha: string) => join(root, relativePathOf(sha));
  const tmpName = (target: string, ext: string) => `${target}.${randomBytes(6).toString('hex')}.${ext}`;
  const missing = (sha: string) => (err: unknown) => {
    throw (err as NodeJS.ErrnoException).code === 'ENOENT' ? new StoredFileMissing(sha) : err;
  };
  const openFiles = createOpenFiles();

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const target = pathOf(sha256);
      if ((await statSize(target)) === bytes.byteLength) return { sha256, size: bytes.byteLength };
      await mkdir(dirname(target), { recursive: true });
      // Write to a temporary name, fsync, then rename: a crash never leaves a half-written file
      // under a content address.
      const tmp = tmpName(target, 'tmp');
      const handle = await open(tmp, 'w', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, target);
      return { sha256, size: bytes.byteLength };
    },
    async putFile(path, sha256, size) {
      const target = pathOf(sha256);
      if ((await statSize(target)) === size) return;
      await mkdir(dirname(target), { recursive: true });
      // A link (or a synced copy) under a temporary name, then a rename: never a partial file.
      const tmp = tmpName(target, 'tmp');
      try {
        await link(path, tmp);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(path, tmp);
        const handle = await open(tmp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
      await rename(tmp, target);
      // When a concurrent call already linked the same source there, target and tmp are one file
      // and rename(2) leaves both names in place: drop ours (a no-op after a normal rename).
      await rm(tmp, { force: true });
    },
    read: (sha) => readFile(pathOf(sha)).catch(missing(sha)),
    async stream(sha, range) {
      // Opened first, so a missing file rejects here rather than failing the stream later.
      const handle = await open(pathOf(sha), 'r').catch(missing(sha));
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    size: (sha) => statSize(pathOf(sha)),
    async openForReads(sha) {
      const path = pathOf(sha);
      const size = await openFiles.size(path).catch(missing(sha));
      return { size, read: (range) => openFiles.read(path, range).catch(missing(sha)) };
    },
    async remove(sha) {
      openFiles.forget(pathOf(sha));
      await rm(pathOf(sha), { force: true });
    },
    async removeUnless(sha, stillNeeded) {
      const target = pathOf(sha);
      openFiles.forget(target);
      const aside = tmpName(target, 'trash');
      try {
        await rename(target, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      if (await stillNeeded().catch(() => true)) {
        // Same content either way: restoring over a copy stored meanwhile is harmless.
        await rename(aside, target);
      } else {
        await rm(aside, { force: true });
      }
    },
    async entries() {
      const out: StoredEntry[] = [];
      for (const path of await filesBelow(root, 2)) {
        const mtimeMs = (await stat(path).catch(() => null))?.mtimeMs;
        if (mtimeMs === undefined) continue;
        out.push({ path, sha256: sha256OfName(basename(path)), mtimeMs });
      }
      return out.sort((a, b) => a.mtimeMs - b.mtimeMs);
    },
    async removeLeftover(entry) {
      if (entry.sha256 !== null || !entry.path.startsWith(`${root}/`))
        throw new Error(`not a leftover: ${entry.path}`);
      const setAside = sha256OfAside(basename(entry.path));
      if (setAside !== null && (await statSize(pathOf(setAside))) === null) {
        await rename(entry.path, pathOf(setAside)).catch(() => undefined);
      }
      await rm(entry.path, { force: true });
    },
  };
}

/** The files `depth` folders below `dir` (the store's ab/cd/ layout); none when it is missing. */
async function filesBelow(dir: string, depth: number): Promise<string[]> {
  const items = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const item of items) {
    const path = join(dir, item.name);
    if (depth === 0 && item.isFile()) out.push(path);
    else if (depth > 0 && item.isDirectory()) out.push(...(await filesBelow(path, depth - 1)));
  }
  return out;
}

async function statSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}
