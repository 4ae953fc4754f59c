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
    customTypes: isCompressible,
  });
}
