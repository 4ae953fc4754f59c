/** A rectangle in PDF user space: (x, y) is the lower-left corner, y grows up the page. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A colour as red, green and blue from 0 to 1. */
export type Rgb = readonly [r: number, g: number, b: number];

/** A paragraph, heading or table cell of a page, as pdf.js positioned its text. */
export interface TextBlock {
  /** 1-based page number. */
  page: number;
  /** Union of the glyph boxes of the block's lines (ascent to descent of each line's font). */
  box: Box;
  /** Font size of most of the block's characters, in user-space units. */
  fontSize: number;
  /** The block's text, lines joined with spaces (end-of-line hyphens removed). */
  text: string;
  lines: number;
  /** False for numbers, tickers, units and text that is already Chinese. */
  translate: boolean;
  /** What the text was painted on (the cover's colour) and the colour to draw its translation in. */
  background?: Rgb;
  color?: Rgb;
}

/** A block with its Chinese text, ready to be drawn. */
export interface TranslatedBlock {
  page: number;
  box: Box;
  fontSize: number;
  text: string;
  /** The cover's colour (white when absent) and the text's (black when absent). */
  background?: Rgb;
  color?: Rgb;
}

/** The source text of a page's blocks. */
export interface PageBlocks {
  page: number;
  blocks: TextBlock[];
}

/** Injected model call: one translation per text, in order. */
export type TranslateBatch = (texts: string[]) => Promise<string[]>;

/** Translations already made, keyed by the source text (in memory here, SQLite in the service). */
export interface TranslationCache {
  get(text: string): Promise<string | undefined>;
  set(text: string, translated: string): Promise<void>;
  /**
   * Optional bulk forms, used when present (one call per document and per batch instead of one per
   * text): the worker thread's cache answers them with one message to the main thread each.
   */
  getMany?(texts: readonly string[]): Promise<(string | undefined)[]>;
  setMany?(entries: readonly (readonly [text: string, translated: string])[]): Promise<void>;
}

/** Why a PDF could not be translated. */
export type TranslatePdfErrorCode = 'unreadable' | 'encrypted' | 'bad_translation';

export class TranslatePdfError extends Error {
  override readonly name = 'TranslatePdfError';
  constructor(
    readonly code: TranslatePdfErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
