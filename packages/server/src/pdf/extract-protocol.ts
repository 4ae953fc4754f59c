import type { PdfRejectionCode } from './pdf-rejected-error.js';
import type { ExtractedPdf } from './types.js';

/** Messages between the extractor pool and its worker threads. */
export interface ExtractRequest {
  id: number;
  /** Transferred, not copied. */
  bytes: Uint8Array;
  maxPages: number;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ExtractedPdf }
  | { type: 'rejected'; id: number; code: PdfRejectionCode; message: string };
