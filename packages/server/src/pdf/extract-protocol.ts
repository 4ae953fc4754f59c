import type { PdfRejectionCode } from './pdf-rejected-error.js';
import type { ExtractedPdf } from './types.js';

/** Messages between the extractor pool and its child processes. */
export interface ExtractRequest {
  id: number;
  bytes: Uint8Array;
  maxPages: number;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ExtractedPdf }
  | { type: 'rejected'; id: number; code: PdfRejectionCode; message: string };
