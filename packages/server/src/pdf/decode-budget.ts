/**
 * Bounds on what pdf.js may inflate while it reads one document, checked while inflating.
 *
 * A 2 MB PDF can hold a Flate stream that inflates to gigabytes; pdf.js would inflate all of it
 * into one buffer. pdf.js decodes through two paths, both hooked here:
 *  - `DecompressionStream` (Flate and Brotli streams read asynchronously: contents, fonts, CMaps):
 *    the global is replaced by one that counts every chunk and errors past the bound, which stops
 *    zlib at once;
 *  - `DecodeStream.prototype.ensureBuffer` (the synchronous decoders: Flate in JavaScript, LZW,
 *    RunLength, predictors, ASCII85/hex), through which every decoder grows its output buffer.
 * Once a bound is passed every further decode of the document fails at once, and the reader asks
 * `exceeded()` at the end, so the refusal does not depend on how pdf.js reports the failure (it
 * swallows many errors page by page). Install only in a process or thread that does nothing but
 * read PDFs: the hooks change globals of that realm.
 */

/**
 * Largest output of one stream. In the shared corpus the largest stream pdf.js decodes is 0.9 MB in
 * a real report and 8.4 MB in any file; an embedded CJK font can reach 20 MB.
 */
export const MAX_DECODED_STREAM_BYTES = 128 * 1024 * 1024;
/**
 * Largest total decoded while reading one document: the real report that decodes most (a 10-K)
 * decodes 24 MB in all.
 */
export const MAX_DECODED_DOCUMENT_BYTES = 512 * 1024 * 1024;

export interface DecodeOverrun {
  kind: 'stream' | 'document';
  limit: number;
}

/** The two ways pdf.js decodes: Node's zlib (DecompressionStream) and its own decoders. */
type DecodePath = 'zlib' | 'pdfjs';

/** What the current document has decoded; one document at a time per realm. */
interface Tally {
  total: number;
  largest: number;
  byPath: Record<DecodePath, number>;
  overrun: DecodeOverrun | null;
}

let tally: Tally = fresh();
let installed = false;

function fresh(): Tally {
  return { total: 0, largest: 0, byPath: { zlib: 0, pdfjs: 0 }, overrun: null };
}

export class DecodeBudgetError extends Error {
  override readonly name = 'DecodeBudgetError';
}

/**
 * Counts `added` more bytes of one stream that has now produced `streamSize` in all; throws (and
 * remembers the overrun) past a bound, and throws for any growth once the document has overrun.
 */
function charge(path: DecodePath, added: number, streamSize: number): void {
  const t = tally;
  if (!t.overrun) {
    t.total += added;
    t.byPath[path] += added;
    t.largest = Math.max(t.largest, streamSize);
    if (streamSize > MAX_DECODED_STREAM_BYTES)
      t.overrun = { kind: 'stream', limit: MAX_DECODED_STREAM_BYTES };
    else if (t.total > MAX_DECODED_DOCUMENT_BYTES)
      t.overrun = { kind: 'document', limit: MAX_DECODED_DOCUMENT_BYTES };
  }
  if (t.overrun) throw new DecodeBudgetError(`decoded data over the ${t.overrun.kind} limit`);
}

/** Starts counting for a new document (call before pdf.js opens it). */
export function startDocument(): void {
  tally = fresh();
}

/** The bound the current document passed, if any. */
export function exceeded(): DecodeOverrun | null {
  return tally.overrun;
}

/**
 * Bytes decoded by the current document so far: in all, by its largest stream, and through each
 * hook (a hook that counts nothing while pdf.js decodes on its path is not in place).
 */
export function decodedSoFar(): { total: number; largestStream: number } & Record<DecodePath, number> {
  return { total: tally.total, largestStream: tally.largest, ...tally.byPath };
}

/** Installs both hooks in this realm; idempotent. */
export function installDecodeBudget(): void {
  if (installed) return;
  installed = true;
  boundDecompressionStream();
  trapDecodeStream();
}

function boundDecompressionStream(): void {
  const Native = globalThis.DecompressionStream;
  class BoundedDecompressionStream {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: DecompressionStream['writable'];
    constructor(format: ConstructorParameters<typeof DecompressionStream>[0]) {
      const inner = new Native(format);
      let size = 0;
      const count = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          // A throw errors this stream, and the pipe cancels the inflater behind it.
          charge('zlib', chunk.byteLength, size);
          controller.enqueue(chunk);
        },
      });
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(count);
    }
  }
  globalThis.DecompressionStream = BoundedDecompressionStream as unknown as typeof DecompressionStream;
}

/** What pdf.js's decoders look like from here: the base class that owns the output buffer. */
interface DecodeStreamLike {
  buffer: Uint8Array;
  ensureBuffer(requested: number): Uint8Array;
}

/**
 * pdf.js does not export its stream classes, so the base class is found from its first instance:
 * `DecodeStream`'s constructor assigns `_rawMinBufferLength` before anything is decoded, and a
 * setter of that name on Object.prototype sees the new instance, patches the topmost prototype
 * that owns `ensureBuffer` (DecodeStream.prototype; image decoders override it with no-ops) and
 * removes itself. The child that reads PDFs checks at start that both hooks count (decodedSoFar),
 * so a pdf.js that changed its insides fails loudly instead of reading unbounded.
 */
function trapDecodeStream(): void {
  const FIELD = '_rawMinBufferLength';
  const counted = new WeakMap<object, number>();
  Object.defineProperty(Object.prototype, FIELD, {
    configurable: true,
    set(this: object, value: unknown) {
      delete (Object.prototype as Record<string, unknown>)[FIELD];
      hook(this);
      Object.defineProperty(this, FIELD, { value, writable: true, enumerable: true, configurable: true });
    },
  });

  function hook(instance: object): void {
    let owner: DecodeStreamLike | null = null;
    for (
      let p = Object.getPrototypeOf(instance) as object | null;
      p;
      p = Object.getPrototypeOf(p) as object | null
    ) {
      if (Object.hasOwn(p, 'ensureBuffer')) owner = p as DecodeStreamLike;
    }
    if (!owner) return;
    const original = owner.ensureBuffer;
    owner.ensureBuffer = function (this: DecodeStreamLike, requested: number) {
      if (requested > this.buffer.byteLength) {
        const before = counted.get(this) ?? 0;
        if (requested > before) {
          counted.set(this, requested);
          charge('pdfjs', requested - before, requested);
        }
      }
      return original.call(this, requested);
    };
  }
}
