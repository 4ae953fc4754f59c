import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Content-addressed file store: bytes are kept under their sha256, written atomically. */
export interface FileStorage {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /**
   * Stores a complete, synced file whose sha256 the caller computed. The source stays where it is
   * (hard-linked when on the same file system, else copied); the caller removes it.
   */
  putFile(path: string, sha256: string, size: number): Promise<void>;
  read(sha256: string): Promise<Uint8Array>;
  stream(sha256: string, range?: { start: number; end: number }): ReadStream;
  size(sha256: string): Promise<number | null>;
  remove(sha256: string): Promise<void>;
  /**
   * Removes the bytes unless `stillNeeded()` says otherwise. The file is moved aside before the
   * check, so a writer that stored the same content meanwhile either is seen by the check or
   * finds the bytes missing afterwards and stores them again (the ingestor verifies after commit).
   */
  removeUnless(sha256: string, stillNeeded: () => Promise<boolean>): Promise<void>;
  /**
   * Every file under the store, oldest first: a stored PDF (`sha256` set) or a leftover of an
   * interrupted write or removal (`sha256` null). For the sweep of what no row refers to.
   */
  entries(): Promise<StoredEntry[]>;
  /** Removes a leftover that `entries` listed (`sha256` null). */
  removeLeftover(entry: StoredEntry): Promise<void>;
}

export interface StoredEntry {
  path: string;
  sha256: string | null;
  mtimeMs: number;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** sha256 (hex) of a file, read as a stream. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createFileStorage(root: string): FileStorage {
  const pathOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a sha256: ${sha}`);
    return join(root, sha.slice(0, 2), sha.slice(2, 4), `${sha}.pdf`);
  };
  const tmpName = (target: string, ext: string) => `${target}.${randomBytes(6).toString('hex')}.${ext}`;

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
    read: (sha) => readFile(pathOf(sha)),
    stream: (sha, range) => createReadStream(pathOf(sha), range),
    size: (sha) => statSize(pathOf(sha)),
    remove: (sha) => rm(pathOf(sha), { force: true }),
    async removeUnless(sha, stillNeeded) {
      const target = pathOf(sha);
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
        const sha = /^([0-9a-f]{64})\.pdf$/.exec(path.slice(path.lastIndexOf('/') + 1))?.[1] ?? null;
        out.push({ path, sha256: sha, mtimeMs });
      }
      return out.sort((a, b) => a.mtimeMs - b.mtimeMs);
    },
    async removeLeftover(entry) {
      if (entry.sha256 !== null || !entry.path.startsWith(`${root}/`))
        throw new Error(`not a leftover: ${entry.path}`);
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
