import { randomBytes, createHash } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Upload bytes on their way in, under DATA_DIR/uploads: a folder `<session id>.part` for a chunked
 * upload (chunk-files.ts), `single-<pid>-<random>.tmp` while a one-request upload streams in into
 * process <pid>. Nothing there outlives its upload (the sweep removes what a crash left).
 */
export function createUploadDir(dir: string) {
  const ready = mkdir(dir, { recursive: true, mode: 0o750 });
  return {
    dir,
    /** The folder of a chunked upload's bytes. */
    partPath: (sessionId: string) => join(dir, `${sessionId}.part`),
    newTempPath: async () => {
      await ready;
      return join(dir, `single-${process.pid}-${randomBytes(9).toString('base64url')}.tmp`);
    },
    ready: () => ready,
    /** Removes a file, or a chunked upload's folder with what it holds. */
    remove: (path: string) => rm(path, { force: true, recursive: true }),
    /** Files and folders of the folder with their age in ms (for the sweep). */
    async list(nowMs: number): Promise<{ name: string; path: string; ageMs: number }[]> {
      await ready;
      const out = [];
      for (const name of await readdir(dir)) {
        const path = join(dir, name);
        const s = await stat(path).catch(() => null);
        if (s?.isFile() || s?.isDirectory()) out.push({ name, path, ageMs: nowMs - s.mtimeMs });
      }
      return out;
    },
  };
}
export type UploadDir = ReturnType<typeof createUploadDir>;

export class StreamTooLarge extends Error {}
/** The source failed while being read: a request cut short, or a malformed multipart body. */
export class StreamBroken extends Error {}

/**
 * Streams `source` into a new file at `path` (synced before it resolves), hashing as it goes. Past
 * `maxBytes` it stops writing, drains the rest of the part (the multipart parser caps it at
 * maxBytes + 1), removes the file and throws StreamTooLarge. A source that fails (the client's
 * fault) removes the file and throws StreamBroken; a failing disk throws its own error, and so does
 * `beforeWrite` (told each chunk's length before it is written) to stop the body. Memory use is
 * one chunk.
 */
export async function receiveToFile(
  source: Readable,
  path: string,
  maxBytes: number,
  beforeWrite: (bytes: number) => void = () => undefined,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const handle = await open(path, 'wx', 0o640);
  let size = 0;
  let over = false;
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const next = () =>
    chunks.next().catch((err: unknown) => {
      throw new StreamBroken(err instanceof Error ? err.message : String(err));
    });
  try {
    for (let r = await next(); !r.done; r = await next()) {
      const buf = r.value;
      size += buf.length;
      if (size > maxBytes) over = true;
      if (over) continue;
      beforeWrite(buf.length);
      hash.update(buf);
      await handle.write(buf);
    }
    if (!over) await handle.sync();
  } catch (err) {
    await chunks.return?.().catch(() => undefined); // as a for-await loop would: stop the source
    await handle.close();
    await rm(path, { force: true });
    throw err;
  }
  await handle.close();
  if (over || (source as Readable & { truncated?: boolean }).truncated) {
    await rm(path, { force: true });
    throw new StreamTooLarge();
  }
  return { size, sha256: hash.digest('hex') };
}
