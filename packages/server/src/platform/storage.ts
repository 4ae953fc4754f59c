import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Content-addressed file store: bytes are kept under their sha256, written atomically. */
export interface FileStorage {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  read(sha256: string): Promise<Uint8Array>;
  stream(sha256: string, range?: { start: number; end: number }): ReadStream;
  size(sha256: string): Promise<number | null>;
  remove(sha256: string): Promise<void>;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function createFileStorage(root: string): FileStorage {
  const pathOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a sha256: ${sha}`);
    return join(root, sha.slice(0, 2), sha.slice(2, 4), `${sha}.pdf`);
  };

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const target = pathOf(sha256);
      if ((await statSize(target)) === bytes.byteLength) return { sha256, size: bytes.byteLength };
      await mkdir(dirname(target), { recursive: true });
      // Write to a temporary name, fsync, then rename: a crash never leaves a half-written file
      // under a content address.
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
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
    read: (sha) => readFile(pathOf(sha)),
    stream: (sha, range) => createReadStream(pathOf(sha), range),
    size: (sha) => statSize(pathOf(sha)),
    remove: (sha) => rm(pathOf(sha), { force: true }),
  };
}

async function statSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}
