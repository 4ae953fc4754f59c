import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { ByteRange } from './types.js';

/**
 * Ranges up to this size are read synchronously from the open file: a read of a few pages that are
 * almost always in the page cache takes microseconds, while its turn back through the event loop
 * takes tens of milliseconds when the loop is busy. Larger ranges go through the thread pool.
 */
const SYNC_READ_MAX = 64 * 1024;

interface OpenFile {
  ready: Promise<{ handle: FileHandle; size: number }>;
  /** Reads in flight: the handle is closed only when none are. */
  users: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Stored files kept open for a few seconds after their last read, so the range requests of a PDF
 * viewer cost one read each instead of a stat, an open, reads and a close (each a turn of the
 * event loop, long under load). Safe because stored content never changes under its name: a file
 * renamed or removed meanwhile still reads its own (correct) bytes, and whether it may be served
 * at all is decided by the database before every read. At most `max` files are open.
 */
export function createOpenFiles(opts: { idleMs?: number; max?: number; syncUpTo?: number } = {}) {
  const { idleMs = 5_000, max = 64, syncUpTo = SYNC_READ_MAX } = opts;
  const files = new Map<string, OpenFile>();

  const close = (path: string, file: OpenFile) => {
    if (files.get(path) === file) files.delete(path);
    if (file.timer) clearTimeout(file.timer);
    file.ready.then(({ handle }) => handle.close()).catch(() => undefined);
  };
  const closeWhenIdle = (path: string, file: OpenFile) => {
    if (file.timer) return file.timer.refresh();
    file.timer = setTimeout(() => {
      file.timer = null;
      if (file.users > 0) closeWhenIdle(path, file);
      else close(path, file);
    }, idleMs).unref();
  };

  function acquire(path: string): OpenFile {
    let file = files.get(path);
    if (!file) {
      if (files.size >= max) {
        const idle = [...files].find(([, f]) => f.users === 0);
        if (idle) close(...idle);
      }
      const ready = open(path, 'r').then(async (handle) => {
        try {
          return { handle, size: (await handle.stat()).size };
        } catch (err) {
          await handle.close().catch(() => undefined);
          throw err;
        }
      });
      const opened: OpenFile = { ready, users: 0, timer: null };
      files.set(path, opened);
      // A failed open is not kept: the next call tries again.
      ready.catch(() => files.get(path) === opened && files.delete(path));
      file = opened;
    }
    closeWhenIdle(path, file);
    return file;
  }

  return {
    /** The file's size (rejects as open(2) does, e.g. ENOENT). */
    async size(path: string): Promise<number> {
      return (await acquire(path).ready).size;
    },
    /** Bytes `range` of the file; a file shorter than the range is an error. */
    async read(path: string, range: ByteRange): Promise<Buffer> {
      const file = acquire(path);
      file.users++;
      try {
        const { handle } = await file.ready;
        const length = range.end - range.start + 1;
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } =
          length <= syncUpTo
            ? { bytesRead: readSync(handle.fd, buffer, 0, length, range.start) }
            : await handle.read(buffer, 0, length, range.start);
        if (bytesRead !== length) throw new Error(`${path}: read ${bytesRead} of ${length} bytes`);
        return buffer;
      } finally {
        file.users--;
      }
    },
    /** Forgets a file (closed once its reads end): after the store removed it in this process. */
    forget(path: string): void {
      const file = files.get(path);
      if (!file) return;
      files.delete(path);
      if (file.users === 0) close(path, file);
      else closeWhenIdle(path, file);
    },
  };
}
