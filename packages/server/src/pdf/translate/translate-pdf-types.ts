import type { GlossaryOptions } from './glossary.js';
import type { TranslateTextsResult } from './translate-blocks.js';
import type { TranslateBatch, TranslationCache } from './types.js';

/** What translating a PDF takes: in the process (index.ts) and in a worker (in-worker.ts). */
export interface TranslatePdfOptions {
  translateBatch: TranslateBatch;
  cache: TranslationCache;
  /** Pages done (translated; the last one once the PDF is written) out of the page count. */
  onProgress?(done: number, total: number): void;
  signal?: AbortSignal;
  /** Extra terms kept verbatim, e.g. the issuer's names. */
  glossary?: GlossaryOptions;
  maxBatchChars?: number;
  /** Floor of the font size reduction, in points (default 4). */
  minFontSize?: number;
}

export interface TranslatePdfResult {
  bytes: Uint8Array;
  pages: number;
  /** Text blocks found, and those drawn in Chinese. */
  blocks: number;
  translatedBlocks: number;
  /** Blocks cut short with an ellipsis at the smallest font size. */
  truncatedBlocks: number;
  /** True when the source was encrypted (owner password only) and was decrypted to be rewritten. */
  decrypted: boolean;
  translation: TranslateTextsResult['stats'];
  ms: { extract: number; translate: number; write: number };
}
