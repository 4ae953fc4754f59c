import type { GlossaryOptions } from './glossary.js';
import type { TranslatePdfResult } from './translate-pdf-types.js';
import type { TranslatePdfErrorCode } from './types.js';

/*
 * Messages between translatePdfInWorker (the server) and translate-child.ts. The child does the
 * CPU work (pdf.js, grouping, fitting, pdf-lib); the model and the cache stay with the server,
 * which the child calls through a small request/response protocol keyed by id.
 */

/**
 * What starts the worker's one run. A worker is started ahead and idles, fully loaded, until this
 * message arrives, so a job does not wait for tsx, pdf.js and pdf-lib to load.
 */
export interface StartMessage {
  type: 'start';
  /** The source PDF (copied through the channel). */
  bytes: Uint8Array;
  options: { glossary?: GlossaryOptions; maxBatchChars?: number; minFontSize?: number };
}

/** What the server does for the child: the model call and the translation cache. */
export interface MainThreadMethods {
  translateBatch(texts: string[]): Promise<string[]>;
  cacheGetMany(texts: string[]): Promise<(string | undefined)[]>;
  cacheSetMany(entries: [string, string][]): Promise<void>;
}

export type MethodName = keyof MainThreadMethods;

/** A call from the child; the server answers it with a reply of the same id. */
export type CallMessage = {
  [M in MethodName]: { type: 'call'; id: number; method: M; args: Parameters<MainThreadMethods[M]> };
}[MethodName];

/** An error of the child, as it crosses the process boundary (TranslatePdfError keeps its code). */
export interface SerializedError {
  name: string;
  message: string;
  code?: TranslatePdfErrorCode;
}

export type FromWorker =
  /** Loaded: the child's first message. */
  | { type: 'ready' }
  | CallMessage
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: TranslatePdfResult }
  | { type: 'failed'; error: SerializedError };

/**
 * The answer to a call. A call that fails in the server gets no answer: the run fails there
 * with the original error and the worker is terminated.
 */
export interface ReplyMessage {
  type: 'reply';
  id: number;
  value: unknown;
}

export type ToWorker = StartMessage | ReplyMessage;
