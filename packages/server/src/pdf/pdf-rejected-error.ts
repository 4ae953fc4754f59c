import type { DecodeOverrun } from './decode-budget.js';
import type { TextOverrun } from './text-budget.js';

export type PdfRejectionCode =
  'encrypted' | 'damaged' | 'timeout' | 'too_many_pages' | 'not_pdf' | 'empty' | 'too_large';

/** A PDF that cannot be read, with a message that can be shown to the uploader as is. */
export class PdfRejectedError extends Error {
  override readonly name = 'PdfRejectedError';

  constructor(
    readonly code: PdfRejectionCode,
    message: string,
  ) {
    super(message);
  }
}

/** The user-facing messages, in one place so the worker and the pool word them alike. */
export const rejectionMessages = {
  encrypted: () => 'The PDF is password-protected',
  damaged: () => 'The PDF is damaged and cannot be read',
  noPages: () => 'The PDF has no pages',
  tooMuchMemory: () => 'The PDF needs too much memory to read',
  decodeOverrun: ({ kind, limit }: DecodeOverrun) =>
    kind === 'stream'
      ? `A compressed stream in the PDF expands to more than ${formatMegabytes(limit)} (the limit)`
      : `The compressed streams of the PDF expand to more than ${formatMegabytes(limit)} in all (the limit)`,
  textOverrun: ({ kind, limit, page }: TextOverrun) =>
    kind === 'page'
      ? `Page ${page} of the PDF yields more than ${formatCount(limit)} characters of text (the limit)`
      : `The PDF yields more than ${formatCount(limit)} characters of text in all (the limit)`,
  timeout: (ms: number) => `Reading the PDF took longer than ${formatSeconds(ms)}`,
  tooManyPages: (pages: number, limit: number) => `The PDF has ${pages} pages; the limit is ${limit}`,
} as const;

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
