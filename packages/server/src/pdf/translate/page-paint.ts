import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, Rgb } from './types.js';

/*
 * What is painted under and in each text block of a page, read from pdf.js's operator list in one
 * pass: the filled shapes (rectangles and other nearly rectangular paths, images, shadings) with
 * their colour, and where each piece of text starts and ends with its fill colour. The translator
 * covers a block's original text in the colour it sat on and draws the translation in the colour
 * the text had, so a table header on a dark band stays a dark band with light text.
 */

export const WHITE: Rgb = [1, 1, 1];
export const BLACK: Rgb = [0, 0, 0];

/** The part of pdf.js's `page.getOperatorList()` answer read here. */
export interface OperatorList {
  fnArray: readonly number[];
  argsArray: readonly unknown[];
}

/** What the scan may look up in the page's pdf.js objects (all optional). */
export interface PaintLookups {
  /** Font matrix of a loaded font: pdf.js leaves it out for the usual 1/1000. */
  fontMatrix?(fontName: string): readonly number[] | undefined;
  /** The intermediate representation of a shading pattern (from the page's objs), if resolved. */
  pattern?(id: string): unknown;
}

/**
 * A filled area of the page in user space. `color` null: its colour is unknown (an image, a mesh
 * shading, a tiling pattern): whatever lay under it is hidden, and a cover over it stays white.
 */
interface Fill {
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
interface Run {
  x0: number;
  x1: number;
  y: number;
  /** Fill colour of the glyphs; null when they are invisible, stroked only, or patterned. */
  color: Rgb | null;
  op: number;
}

type Quad = [x0: number, y0: number, x1: number, y1: number];

export interface PagePaint {
  fills: Fill[];
  runs: Run[];
}

export interface BlockColors {
  /** The colour the cover is drawn in: what the block's text was painted on (white: the page). */
  background: Rgb;
  /** The colour of the translated text: the original text's when it reads on the cover. */
  text: Rgb;
  /** The original text's fill colour, when it could be told. */
  original: Rgb | null;
}

type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m applied first, then n: the CTM after `cm m` when the CTM was n. */
function multiply(m: ArrayLike<number>, n: Matrix): Matrix {
  const [a, b, c, d, e, f] = [m[0] ?? 1, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1, m[4] ?? 0, m[5] ?? 0];
  return [
    a * n[0] + b * n[2],
    a * n[1] + b * n[3],
    c * n[0] + d * n[2],
    c * n[1] + d * n[3],
    e * n[0] + f * n[2] + n[4],
    e * n[1] + f * n[3] + n[5],
  ];
}

/** Bounding box, in user space, of a path-space box under the matrix. */
function transformBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): Quad {
  const xs = [m[0] * x0 + m[2] * y0, m[0] * x1 + m[2] * y0, m[0] * x0 + m[2] * y1, m[0] * x1 + m[2] * y1];
  const ys = [m[1] * x0 + m[3] * y0, m[1] * x1 + m[3] * y0, m[1] * x0 + m[3] * y1, m[1] * x1 + m[3] * y1];
  return [Math.min(...xs) + m[4], Math.min(...ys) + m[5], Math.max(...xs) + m[4], Math.max(...ys) + m[5]];
}

function intersect(a: Quad, b: Quad | null): Quad | null {
  if (!b) return a;
  const q: Quad = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return q[0] < q[2] && q[1] < q[3] ? q : null;
}

const hexCache = new Map<string, Rgb | null>();
/** pdf.js hands every fill colour over as "#rrggbb", whatever its colour space. */
function parseHex(hex: unknown): Rgb | null {
  if (typeof hex !== 'string') return null;
  let rgb = hexCache.get(hex);
  if (rgb === undefined) {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    rgb = m ? [parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255] : null;
    if (hexCache.size < 10_000) hexCache.set(hex, rgb);
  }
  return rgb;
}

/** Mean colour of an axial or radial shading's colour stops; null for other shadings. */
function shadingColor(ir: unknown): Rgb | null {
  if (!Array.isArray(ir) || ir[0] !== 'RadialAxial' || !Array.isArray(ir[3])) return null;
  const colors = (ir[3] as unknown[]).map((stop) => (Array.isArray(stop) ? parseHex(stop[1]) : null));
  if (colors.length === 0 || colors.some((c) => c === null)) return null;
  const sum = [0, 0, 0];
  for (const c of colors as Rgb[]) for (let i = 0; i < 3; i++) sum[i]! += c[i]!;
  return [sum[0]! / colors.length, sum[1]! / colors.length, sum[2]! / colors.length];
}

const FILL_OPS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const EVEN_ODD = new Set<number>([OPS.eoFill, OPS.eoFillStroke, OPS.closeEOFillStroke]);

/** pdf.js's path operators inside constructPath's buffer. */
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUAD_TO = 3;
const CLOSE = 4;

/** A subpath's box and signed area (of the polygon through its on-curve points), in path space. */
interface Subpath {
  box: Quad;
  area: number;
}

function subpathsOf(buffer: ArrayLike<number>): Subpath[] {
  const out: Subpath[] = [];
  // The current subpath: its first and last points, box and doubled signed area so far.
  let count = 0;
  let [fx, fy, px, py, twice] = [0, 0, 0, 0, 0];
  let box: Quad = [0, 0, 0, 0];
  const close = () => {
    twice += (px + fx) * (fy - py);
    if (count >= 3) out.push({ box, area: twice / 2 });
    count = 0;
  };
  const point = (x: number, y: number) => {
    if (count === 0) {
      [fx, fy, px, py, twice] = [x, y, x, y, 0];
      box = [x, y, x, y];
    } else {
      twice += (px + x) * (y - py);
      [px, py] = [x, y];
      box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
    }
    count++;
  };
  for (let i = 0; i < buffer.length;) {
    const op = buffer[i++];
    if (op === MOVE_TO) {
      if (count > 0) close();
      point(buffer[i++]!, buffer[i++]!);
    } else if (op === LINE_TO) {
      point(buffer[i++]!, buffer[i++]!);
    } else if (op === CURVE_TO) {
      point(buffer[i + 4]!, buffer[i + 5]!);
      i += 6;
    } else if (op === QUAD_TO) {
      point(buffer[i + 2]!, buffer[i + 3]!);
      i += 4;
    } else if (op === CLOSE) {
      if (count > 0) close();
    } else break;
  }
  if (count > 0) close();
  return out;
}

const contains = (outer: Quad, inner: Quad) =>
  inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

/** A filled subpath counts as a box when it fills this much of its bounding box (rounded corners do). */
const BOXLIKE = 0.85;
/** Paths of more subpaths than this are not searched for holes. */
const MAX_NESTED = 16;
/** Fills thinner than this (rules, borders, underlines) never hold a block. */
const MIN_FILL_SIDE = 2;

interface GraphicsState {
  ctm: Matrix;
  /** Current fill colour; null: unknown (a pattern); 'none': transparent. */
  fill: Rgb | null | 'none';
  alpha: number;
  clip: Quad | null;
  fontName: string;
  fontSize: number;
  /** -1 for a negative font size (mirrored text), as pdf.js does. */
  fontDirection: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  /** pdf.js's sign: the vertical move of T*, i.e. -TL. */
  leading: number;
  rise: number;
  renderMode: number;
}

/**
 * Reads the page's operator list once: every filled box (with its colour, alpha and clip, in page
 * user space) and every run of shown text (its extent, from the text matrix, the CTM and the glyph
 * widths, and its fill colour). Cost: linear in the operators and glyphs of the page.
 */
export function scanPaint(list: OperatorList, lookups: PaintLookups = {}): PagePaint {
  const fills: Fill[] = [];
  const runs: Run[] = [];
  const stack: GraphicsState[] = [];
  let gs: GraphicsState = {
    ctm: IDENTITY,
    fill: BLACK,
    alpha: 1,
    clip: null,
    fontName: '',
    fontSize: 0,
    fontDirection: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    renderMode: 0,
  };
  let textMatrix: ArrayLike<number> = IDENTITY;
  let lineX = 0;
  let lineY = 0;
  let x = 0;
  let y = 0;
  let pendingClip = false;
  const fontMatrices = new Map<string, number>();
  const widthScale = (name: string) => {
    let scale = fontMatrices.get(name);
    if (scale === undefined) {
      const m = lookups.fontMatrix?.(name);
      scale = m && typeof m[0] === 'number' && m[0] !== 0 ? m[0] : 0.001;
      fontMatrices.set(name, scale);
    }
    return scale;
  };
  const patternColor = (args: unknown[]): Rgb | null => {
    if (args[0] === 'Shading' && typeof args[1] === 'string') return shadingColor(lookups.pattern?.(args[1]));
    return null;
  };
  const addFill = (box: Quad, color: Rgb | null, op: number, holes?: Quad[]) => {
    const clipped = intersect(box, gs.clip);
    if (!clipped || clipped[2] - clipped[0] < MIN_FILL_SIDE || clipped[3] - clipped[1] < MIN_FILL_SIDE)
      return;
    const [x0, y0, x1, y1] = clipped;
    fills.push({ x0, y0, x1, y1, color, alpha: gs.alpha, op, ...(holes ? { holes } : {}) });
  };

  const { fnArray, argsArray } = list;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save:
      case OPS.beginGroup:
        stack.push(gs);
        gs = { ...gs };
        break;
      case OPS.restore:
      case OPS.endGroup:
      case OPS.paintFormXObjectEnd:
        gs = stack.pop() ?? gs;
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(gs);
        gs = { ...gs };
        const [matrix, bbox] = args as [ArrayLike<number> | null, ArrayLike<number> | null];
        if (matrix && matrix.length >= 6) gs.ctm = multiply(matrix, gs.ctm);
        if (bbox && bbox.length >= 4)
          gs.clip = intersect(transformBox(gs.ctm, bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!), gs.clip);
        break;
      }
      case OPS.transform:
        gs.ctm = multiply(args as number[], gs.ctm);
        break;
      case OPS.setGState:
        for (const entry of (args[0] ?? []) as unknown[]) {
          if (!Array.isArray(entry)) continue;
          const [key, value] = entry as [unknown, unknown];
          if (key === 'ca' && typeof value === 'number') gs.alpha = value;
          else if (key === 'Font' && Array.isArray(value)) {
            if (typeof value[0] === 'string') gs.fontName = value[0];
            if (typeof value[1] === 'number') {
              gs.fontSize = Math.abs(value[1]);
              gs.fontDirection = value[1] < 0 ? -1 : 1;
            }
          }
        }
        break;
      case OPS.setFillRGBColor:
        gs.fill = parseHex(args[0]);
        break;
      case OPS.setFillTransparent:
        gs.fill = 'none';
        break;
      case OPS.setFillColorN:
        gs.fill = patternColor(args);
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.constructPath: {
        const [paint, data, minMax] = args as [
          number,
          (ArrayLike<number> | null)[],
          ArrayLike<number> | null,
        ];
        if (pendingClip) {
          pendingClip = false;
          if (minMax)
            gs.clip = intersect(
              transformBox(gs.ctm, minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!),
              gs.clip,
            );
        }
        const buffer = data?.[0];
        if (!FILL_OPS.has(paint) || !buffer || gs.fill === 'none' || gs.alpha <= 0) break;
        const subpaths = subpathsOf(buffer).filter(
          (s) => Math.abs(s.area) >= BOXLIKE * (s.box[2] - s.box[0]) * (s.box[3] - s.box[1]) && s.area !== 0,
        );
        // Nested subpaths: the inner one is a hole under the even-odd rule, or when it winds the
        // other way (nonzero); then it is left out and recorded as a hole of the outer one. Paths
        // of many subpaths (a chart's bars) are taken as they are: the check would be quadratic.
        const nested = subpaths.length > 1 && subpaths.length <= MAX_NESTED;
        for (const s of subpaths) {
          const outer =
            nested &&
            subpaths.find(
              (o) => o !== s && contains(o.box, s.box) && (EVEN_ODD.has(paint) || o.area * s.area < 0),
            );
          if (outer) continue;
          const holes = (nested ? subpaths : [])
            .filter((h) => h !== s && contains(s.box, h.box) && (EVEN_ODD.has(paint) || h.area * s.area < 0))
            .map((h) => transformBox(gs.ctm, ...h.box));
          addFill(transformBox(gs.ctm, ...s.box), gs.fill, i, holes.length > 0 ? holes : undefined);
        }
        break;
      }
      case OPS.paintSolidColorImageMask:
        if (gs.fill !== 'none') addFill(transformBox(gs.ctm, 0, 0, 1, 1), gs.fill, i);
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
        // Text on a picture: its colours are not known here; the cover stays white.
        addFill(transformBox(gs.ctm, 0, 0, 1, 1), null, i);
        break;
      case OPS.shadingFill: {
        const color = typeof args[0] === 'string' ? shadingColor(lookups.pattern?.(args[0])) : null;
        addFill(gs.clip ?? [-1e9, -1e9, 1e9, 1e9], color, i);
        break;
      }
      case OPS.beginText:
        textMatrix = IDENTITY;
        x = y = lineX = lineY = 0;
        break;
      case OPS.setTextMatrix:
        textMatrix = args[0] as ArrayLike<number>;
        x = y = lineX = lineY = 0;
        break;
      case OPS.moveText:
        x = lineX += Number(args[0]) || 0;
        y = lineY += Number(args[1]) || 0;
        break;
      case OPS.setLeadingMoveText:
        gs.leading = Number(args[1]) || 0;
        x = lineX += Number(args[0]) || 0;
        y = lineY += Number(args[1]) || 0;
        break;
      case OPS.setLeading:
        gs.leading = -(Number(args[0]) || 0);
        break;
      case OPS.nextLine:
        x = lineX;
        y = lineY += gs.leading;
        break;
      case OPS.setFont:
        gs.fontName = String(args[0]);
        gs.fontSize = Math.abs(Number(args[1]) || 0);
        gs.fontDirection = Number(args[1]) < 0 ? -1 : 1;
        break;
      case OPS.setCharSpacing:
        gs.charSpacing = Number(args[0]) || 0;
        break;
      case OPS.setWordSpacing:
        gs.wordSpacing = Number(args[0]) || 0;
        break;
      case OPS.setHScale:
        gs.hScale = (Number(args[0]) || 0) / 100;
        break;
      case OPS.setTextRise:
        gs.rise = Number(args[0]) || 0;
        break;
      case OPS.setTextRenderingMode:
        gs.renderMode = Number(args[0]) || 0;
        break;
      case OPS.showText:
      case OPS.showSpacedText: {
        const glyphs = (args[0] ?? []) as unknown[];
        const size = gs.fontSize;
        const scale = widthScale(gs.fontName);
        let advance = 0;
        for (const glyph of glyphs) {
          if (typeof glyph === 'number') advance -= (glyph * size) / 1000;
          else if (glyph && typeof glyph === 'object') {
            const g = glyph as { width?: number; isSpace?: boolean };
            advance += (g.width ?? 0) * size * scale + gs.charSpacing + (g.isSpace ? gs.wordSpacing : 0);
          }
        }
        advance *= gs.hScale * gs.fontDirection;
        const m = multiply(textMatrix, gs.ctm);
        const ty = y + gs.rise + size * 0.3;
        const sx = m[0] * x + m[2] * ty + m[4];
        const sy = m[1] * x + m[3] * ty + m[5];
        const ex = m[0] * (x + advance) + m[2] * ty + m[4];
        const ey = m[1] * (x + advance) + m[3] * ty + m[5];
        x += advance;
        // Horizontal runs only: the blocks are made of horizontal text.
        if (Math.abs(ey - sy) > Math.abs(ex - sx) * 0.05 + 0.5) break;
        const mode = gs.renderMode & 3;
        const filled = mode === 0 || mode === 2;
        const color = filled && gs.fill !== 'none' && gs.alpha >= 0.5 ? gs.fill : null;
        runs.push({ x0: Math.min(sx, ex), x1: Math.max(sx, ex), y: sy, color, op: i });
        break;
      }
      default:
        break;
    }
  }
  return { fills, runs };
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1 (none) to 21 (black on white). */
export function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function readableOn(background: Rgb): Rgb {
  return contrast(BLACK, background) >= contrast(WHITE, background) ? BLACK : WHITE;
}

/** Below this contrast with its cover, the original text colour gives way to black or white. */
const MIN_CONTRAST = 2;
/** A fill lies under a block when it covers this share of the block's box. */
const MIN_COVER = 0.6;

const same = (a: Rgb, b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * The colours of a block: its text is the runs shown inside its box (their most used fill colour,
 * by length); what it sits on is the fills painted before the first of those runs that cover most
 * of its box, composed in painting order with their alpha over the white page. A fill of unknown
 * colour (an image) makes the page white again: a cover there stays white as it always was.
 */
export function blockColors(paint: PagePaint, box: Box): BlockColors {
  const bx1 = box.x + box.width;
  const by1 = box.y + box.height;
  let firstOp = Infinity;
  const weights: { color: Rgb; weight: number }[] = [];
  for (const run of paint.runs) {
    if (run.y < box.y || run.y > by1) continue;
    const overlap = Math.min(run.x1, bx1) - Math.max(run.x0, box.x);
    if (overlap < 0 || (overlap === 0 && run.x1 > run.x0)) continue;
    firstOp = Math.min(firstOp, run.op);
    if (!run.color) continue;
    const entry = weights.find((w) => same(w.color, run.color!));
    if (entry) entry.weight += overlap;
    else weights.push({ color: run.color, weight: overlap });
  }
  const original = weights.sort((a, b) => b.weight - a.weight)[0]?.color ?? null;

  const area = box.width * box.height;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  let background: Rgb = WHITE;
  for (const fill of paint.fills) {
    if (fill.op >= firstOp) break;
    if (fill.x0 > box.x + box.width * (1 - MIN_COVER) || fill.x1 < box.x + box.width * MIN_COVER) continue;
    const w = Math.min(fill.x1, bx1) - Math.max(fill.x0, box.x);
    const h = Math.min(fill.y1, by1) - Math.max(fill.y0, box.y);
    if (w <= 0 || h <= 0 || w * h < MIN_COVER * area) continue;
    if (fill.holes?.some(([x0, y0, x1, y1]) => cx > x0 && cx < x1 && cy > y0 && cy < y1)) continue;
    if (!fill.color) {
      background = WHITE;
      continue;
    }
    const a = Math.min(1, Math.max(0, fill.alpha));
    const c = fill.color;
    const under = background;
    background =
      a === 1
        ? c
        : [a * c[0] + (1 - a) * under[0], a * c[1] + (1 - a) * under[1], a * c[2] + (1 - a) * under[2]];
  }
  const text = original && contrast(original, background) >= MIN_CONTRAST ? original : readableOn(background);
  return { background, text, original };
}
