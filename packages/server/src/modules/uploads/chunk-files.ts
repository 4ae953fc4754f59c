import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadDir } from './temp-files.js';

/** A file or folder that is not there (ENOENT). */
export const isMissing = (err: unknown) => (err as { code?: string } | null)?.code === 'ENOENT';

/** Opens `path` and syncs it: a folder's entries, a file's bytes. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of a chunked upload on disk, in its folder DATA_DIR/uploads/<session id>.part: each
 * chunk that counted is the file `<offset>.chunk`. A writer first writes its chunk under a name of
 * its own (`<offset>-<claim>.tmp`, synced) and renames it into place only once the database has
 * counted it (sessions.advance): of writers racing for one offset, even one whose claim ran out
 * while it wrote, only the counted one's bytes can ever land. Complete joins the chunks into one
 * file.
 */
export function createChunkFiles(dir: UploadDir) {
  const folder = (id: string) => dir.partPath(id);
  const chunkPath = (id: string, offset: number) => join(folder(id), `${offset}.chunk`);

  /** The folder, made if needed (a plain file there is the layout of an older version: replaced). */
  async function ready(id: string): Promise<void> {
    await dir.ready();
    try {
      await mkdir(folder(id), { recursive: true, mode: 0o750 });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      await rm(folder(id), { force: true });
      await mkdir(folder(id), { recursive: true, mode: 0o750 });
    }
  }

  return {
    /** Writes and syncs a chunk under its writer's own name; answers that name (for land or discard). */
    async stage(id: string, offset: number, claim: string, bytes: Uint8Array): Promise<string> {
      await ready(id);
      const path = join(folder(id), `${offset}-${claim}.tmp`);
      const handle = await open(path, 'wx', 0o640);
      try {
        await handle.write(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return path;
    },

    /**
     * Puts a counted chunk in place (and syncs the folder, so the rename survives a crash). False
     * when the upload's folder is gone meanwhile (the upload was removed: cancelled, expired).
     */
    async land(staged: string, id: string, offset: number): Promise<boolean> {
      try {
        await rename(staged, chunkPath(id, offset));
        await syncPath(folder(id));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    discard: (staged: string) => rm(staged, { force: true }),

    /**
     * Joins the chunks of bytes [0, size) into one new synced file, hashing them on the way;
     * answers its path and sha256, or null when a chunk is missing or short (lost to a crash
     * between counting it and putting it in place, or the upload was removed meanwhile). One
     * chunk is in memory at a time. The caller removes the file (remove() does, with the folder).
     */
    async join(
      id: string,
      claim: string,
      size: number,
      chunkSize: number,
    ): Promise<{ path: string; sha256: string } | null> {
      const path = join(folder(id), `complete-${claim}.pdf`);
      let handle;
      try {
        handle = await open(path, 'wx', 0o640);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const hash = createHash('sha256');
      let whole = true;
      try {
        for (let offset = 0; offset < size && whole; offset += chunkSize) {
          const bytes = await readFile(chunkPath(id, offset)).catch((err: unknown) => {
            if (isMissing(err)) return null;
            throw err;
          });
          whole = bytes?.length === Math.min(chunkSize, size - offset);
          if (bytes && whole) {
            hash.update(bytes);
            await handle.write(bytes);
          }
        }
        if (whole) await handle.sync();
      } finally {
        await handle.close();
      }
      if (!whole) {
        await rm(path, { force: true });
        return null;
      }
      return { path, sha256: hash.digest('hex') };
    },

    /** The upload's folder with everything in it. */
    remove: (id: string) => dir.remove(folder(id)),
  };
}
