import { readFileSync } from 'node:fs';

/**
 * Resident memory (VmRSS) of process `pid` in bytes, from Linux's /proc; null where there is no
 * /proc or the process is gone. RSS counts everything the process holds (V8 heap, buffers, native
 * allocations of zlib), unlike V8's heap limit.
 */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** How often a busy child's memory is looked at: a fast allocator gains ~50 MB in this time. */
export const MEMORY_POLL_MS = 50;

/**
 * Calls `onExceeded` once when process `pid` holds more than `limitBytes`, looking every
 * MEMORY_POLL_MS; returns the function that stops watching. Without /proc nothing is watched (the
 * child's heap limit and the decode bounds still hold).
 */
export function watchResidentMemory(pid: number, limitBytes: number, onExceeded: () => void): () => void {
  const timer = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss !== null && rss > limitBytes) {
      clearInterval(timer);
      onExceeded();
    }
  }, MEMORY_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
