import type { Rgb } from './types.js';

/*
 * What the operator walk (page-paint.ts) reads off a page and the colour rules (block-colors.ts)
 * read back: the filled shapes and the runs of text, in page user space.
 */

/** A box as its corners: x0, y0 (lower left) to x1, y1 (upper right). */
export type Quad = [x0: number, y0: number, x1: number, y1: number];

/**
 * A filled area of the page in user space. `color` null: its colour is unknown (an image, a mesh
 * shading, a tiling pattern): whatever lay under it is hidden, and a cover over it stays white.
 */
export interface Fill {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  color: Rgb | null;
  alpha: number;
  /** Index of the painting operator: a fill only lies under the text shown after it. */
  op: number;
  /** Inner subpaths of the same path that are left unpainted (a frame, a ring). */
  holes?: Quad[];
}

/** A run of shown text: its baseline from x0 to x1, at height y (a third of an em above the baseline). */
export interface Run {
  x0: number;
  x1: number;
  y: number;
  /** Fill colour of the glyphs; null when they are invisible, stroked only, or patterned. */
  color: Rgb | null;
  op: number;
}

export interface PagePaint {
  fills: Fill[];
  runs: Run[];
}
