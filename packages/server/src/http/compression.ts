import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Types worth compressing on the fly: JSON answers, text, scripts, SVG and XML. Never PDFs (already
 * deflated inside, and their Range answers count bytes of the file), octet streams, or the chat's
 * event stream, whose events must reach the reader as they are written.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml))|^image\/svg\+xml/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Answers up to this size are compressed in one synchronous call (brotli quality 4: about 0.2 ms
 * for a 12 KB page of results, 0.4 ms for 17 KB) instead of through a zlib stream on libuv's thread
 * pool. The plugin's default on a 2-core host is 8 KB, and under load a streamed answer waits for
 * several turns of a busy event loop: a search page of 11.8 KB answered 7-15 ms later at p50 than
 * one of 7.8 KB at 8 concurrent requests, though both cost the same to build (docs/benchmarks.md).
 * Larger answers (a long list, the page) still stream, so the event loop is never held for long.
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Compresses answers (brotli or gzip, as the client accepts) of at least 1 KB: mostly the API's
 * JSON. Partial (206) answers and answers already encoded (the web app's pre-compressed assets) are
 * sent as they are. Request bodies are not inflated: a small gzip body could expand past the body
 * limit's intent, and no client of ours sends one.
 *
 * Registered on the root instance before any route (it hooks each route as it is declared); the
 * plugin loads, in order, at the first awaited registration.
 */
export function registerCompression(app: FastifyInstance): void {
  void app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    customTypes: isCompressible,
  });
}
