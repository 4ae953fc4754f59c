import type { ChildProcess } from 'node:child_process';
import type { ChildMessage, ExtractRequest } from './extract-protocol.js';
import { residentBytes, watchResidentMemory } from './memory-watch.js';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { pdfjsModuleUrls } from './pdfjs-paths.js';
import { sniffPdf } from './sniff.js';
import { forkModule, siblingModule } from './spawn-child.js';
import type { ExtractedPdf } from './types.js';

export { PdfRejectedError, type PdfRejectionCode } from './pdf-rejected-error.js';
export type { ExtractedPdf, PdfInfo } from './types.js';

/** V8 heap of a child: the 260-page filings of the corpus need under 200 MB. */
export const PDF_CHILD_HEAP_MB = 512;
/**
 * All the memory a child may hold (heap, buffers, zlib, code): past it the child is killed and its
 * document refused. A child reading any report of the corpus peaks near 220 MB.
 */
export const PDF_CHILD_RSS_LIMIT_MB = 768;
/** A child that holds more than this after a document is replaced, so the memory goes back. */
export const PDF_CHILD_KEEP_RSS_MB = 384;
/** Documents a child reads before it is replaced: whatever pdf.js keeps does not pile up. */
export const PDF_CHILD_MAX_DOCUMENTS = 200;
/** An idle child ends after this long: a quiet server holds no PDF memory. */
export const PDF_CHILD_IDLE_MS = 60_000;

export interface PdfExtractorOptions {
  /** Number of child processes, each reading one document at a time; more documents queue. */
  concurrency: number;
  /** Time limit per document, from the moment a child starts on it. */
  timeoutMs: number;
  /** Documents with more pages are rejected without being read. */
  maxPages: number;
  /** Heap limit per child (default PDF_CHILD_HEAP_MB); a child that exceeds it dies alone. */
  memoryMb?: number;
  /** Resident-memory limit per child, everything counted (default PDF_CHILD_RSS_LIMIT_MB). */
  rssLimitMb?: number;
}

export interface PdfExtractor {
  /** Reads the text of a PDF, or throws PdfRejectedError. `bytes` are copied to the child, not kept. */
  extract(bytes: Uint8Array): Promise<ExtractedPdf>;
  /** Stops every child; queued and running extractions fail. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  bytes: Uint8Array | null;
  resolve: (pdf: ExtractedPdf) => void;
  reject: (error: Error) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  documents: number;
  /** The end of the child's stderr: V8 says there why it died. */
  stderr: string;
  timer: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
  stopWatch: () => void;
}

const CHILD_ENTRY = siblingModule('extract-child', import.meta.url);
const MB = 1024 * 1024;

/** The pool's state, shared by its steps below. */
interface Pool {
  opts: PdfExtractorOptions;
  slots: Set<Slot>;
  queue: Job[];
  rssLimit: number;
  nextId: number;
  closed: boolean;
}

/**
 * A pool of killable pdf.js child processes with a time and memory limit per document. A child
 * reads documents one after another and is replaced after a refusal, a crash, a kill,
 * PDF_CHILD_MAX_DOCUMENTS documents or when it holds more than PDF_CHILD_KEEP_RSS_MB, so the
 * memory of a document returns to the system when its job ends.
 */
export function createPdfExtractor(opts: PdfExtractorOptions): PdfExtractor {
  const pool: Pool = {
    opts,
    slots: new Set<Slot>(),
    queue: [],
    rssLimit: (opts.rssLimitMb ?? PDF_CHILD_RSS_LIMIT_MB) * MB,
    nextId: 1,
    closed: false,
  };
  const { slots, queue } = pool;

  return {
    async extract(bytes) {
      if (pool.closed) throw new Error('The PDF extractor is closed');
      const sniff = sniffPdf(bytes);
      if (!sniff.ok) throw new PdfRejectedError(sniff.code, sniff.reason);
      return new Promise<ExtractedPdf>((resolve, reject) => {
        queue.push({ id: pool.nextId++, bytes, resolve, reject });
        pump(pool);
      });
    },

    async close() {
      pool.closed = true;
      const stopped = new Error('The PDF extractor is closed');
      for (const job of queue.splice(0)) job.reject(stopped);
      const running = [...slots];
      await Promise.all(
        running.map((slot) => {
          const exited = new Promise<void>((resolve) => {
            if (slot.child.exitCode !== null || slot.child.signalCode !== null) resolve();
            else slot.child.once('exit', () => resolve());
          });
          const job = slot.job;
          retire(pool, slot);
          job?.reject(stopped);
          return exited;
        }),
      );
    },
  };
}

function spawn(pool: Pool): Slot {
  const { opts } = pool;
  const child = forkModule(CHILD_ENTRY, {
    heapMb: opts.memoryMb ?? PDF_CHILD_HEAP_MB,
    preload: pdfjsModuleUrls,
  });
  const slot: Slot = {
    child,
    ready: false,
    job: null,
    documents: 0,
    stderr: '',
    timer: undefined,
    idle: undefined,
    stopWatch: () => undefined,
  };
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => (slot.stderr = (slot.stderr + text).slice(-16_384)));
  child.on('message', (message: ChildMessage) => onMessage(pool, slot, message));
  child.on('error', (error) => onCrash(pool, slot, error.message));
  // 'close' rather than 'exit': by then the stderr that says why is all read.
  child.on('close', (code, signal) => onCrash(pool, slot, `exited with ${signal ?? `code ${code}`}`));
  pool.slots.add(slot);
  return slot;
}

function pump(pool: Pool): void {
  const { slots, queue, opts } = pool;
  while (queue.length > 0) {
    const slot =
      [...slots].find((s) => s.job === null) ?? (slots.size < opts.concurrency ? spawn(pool) : null);
    if (!slot) return;
    clearTimeout(slot.idle);
    slot.job = queue.shift() ?? null;
    keepAlive(slot, true);
    if (slot.ready) send(pool, slot);
  }
}

/** A busy child keeps the process alive; an idle one does not. */
function keepAlive(slot: Slot, on: boolean): void {
  const handles = [slot.child, slot.child.channel, slot.child.stderr as unknown as NodeJS.RefCounted];
  for (const handle of handles) {
    if (on) handle?.ref();
    else handle?.unref();
  }
}

function send(pool: Pool, slot: Slot): void {
  const { opts } = pool;
  const job = slot.job;
  if (!job?.bytes) return;
  // A plain Uint8Array: the channel keeps a Buffer a Buffer, and pdf.js refuses Buffers.
  const bytes = new Uint8Array(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const request: ExtractRequest = { id: job.id, bytes, maxPages: opts.maxPages };
  slot.child.send(request);
  // Serialized into the channel: the caller's copy can go.
  job.bytes = null;
  slot.timer = setTimeout(
    () => refuse(pool, slot, new PdfRejectedError('timeout', rejectionMessages.timeout(opts.timeoutMs))),
    opts.timeoutMs,
  );
  const pid = slot.child.pid;
  if (pid !== undefined) {
    slot.stopWatch = watchResidentMemory(pid, pool.rssLimit, () =>
      refuse(pool, slot, new PdfRejectedError('too_large', rejectionMessages.tooMuchMemory())),
    );
  }
}

function onMessage(pool: Pool, slot: Slot, message: ChildMessage): void {
  if (message.type === 'ready') {
    slot.ready = true;
    send(pool, slot);
    return;
  }
  const job = slot.job;
  if (!job || job.id !== message.id) return;
  clearTimeout(slot.timer);
  slot.stopWatch();
  slot.job = null;
  slot.documents++;
  if (message.type === 'done') job.resolve(message.result);
  else job.reject(new PdfRejectedError(message.code, message.message));
  const pid = slot.child.pid;
  const held = pid === undefined ? null : residentBytes(pid);
  const worn =
    message.type === 'rejected' ||
    slot.documents >= PDF_CHILD_MAX_DOCUMENTS ||
    (held !== null && held > PDF_CHILD_KEEP_RSS_MB * MB);
  if (worn) {
    retire(pool, slot);
    return;
  }
  keepAlive(slot, false);
  slot.idle = setTimeout(() => retire(pool, slot), PDF_CHILD_IDLE_MS);
  slot.idle.unref();
  pump(pool);
}

function onCrash(pool: Pool, slot: Slot, what: string): void {
  if (!pool.slots.has(slot)) return;
  const job = slot.job;
  retire(pool, slot);
  if (!job) return;
  const outOfMemory = /heap out of memory/i.test(slot.stderr) || slot.child.signalCode === 'SIGABRT';
  if (!slot.ready) {
    // Not the document's fault: the child could not even load pdf.js.
    job.reject(new Error(`PDF child failed to start (${what}): ${slot.stderr.slice(-2000)}`));
  } else if (outOfMemory) {
    job.reject(new PdfRejectedError('too_large', rejectionMessages.tooMuchMemory()));
  } else {
    job.reject(new PdfRejectedError('damaged', rejectionMessages.damaged()));
  }
}

/** Ends the child's current document with `error` and the child with it. */
function refuse(pool: Pool, slot: Slot, error: PdfRejectedError): void {
  const job = slot.job;
  retire(pool, slot);
  job?.reject(error);
}

/** Kills a child (worn, stuck, too big or dead) and lets a fresh one take the next document. */
function retire(pool: Pool, slot: Slot): void {
  clearTimeout(slot.timer);
  clearTimeout(slot.idle);
  slot.stopWatch();
  pool.slots.delete(slot);
  // Referenced until it is gone, so that close() can wait for its exit.
  keepAlive(slot, true);
  slot.child.kill('SIGKILL');
  if (!pool.closed) pump(pool);
}
