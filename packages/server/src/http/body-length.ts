import type { IncomingHttpHeaders } from 'node:http';

/** Whether a request comes with a body: a declared length above 0, or chunks. */
export const hasBody = (headers: IncomingHttpHeaders): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/** The body's declared length, when the request declares one (a whole number of bytes). */
export function declaredLength(headers: IncomingHttpHeaders): number | null {
  const length = Number(headers['content-length']);
  return headers['content-length'] !== undefined && Number.isSafeInteger(length) && length >= 0
    ? length
    : null;
}
