import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BLACK } from './block-colors.js';
import { filledBoxes, IDENTITY, intersect, multiply, transformBox, type Matrix } from './paint-geometry.js';
import type { Fill, PagePaint, Quad, Run } from './paint-types.js';
import type { Rgb } from './types.js';

/*
 * What is painted under and in each text block of a page, read from pdf.js's operator list in one
 * pass: the filled shapes (rectangles and other nearly rectangular paths, images, shadings) with
 * their colour, and where each piece of text starts and ends with its fill colour. The colour rules
 * that read them are in block-colors.ts.
 */

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

/** The entries of an ExtGState (`gs`) the scan reads: the fill alpha and the font. */
function applyGState(gs: GraphicsState, entries: unknown[]): void {
  for (const entry of entries) {
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
}

/**
 * A shown string's advance along the line (from the glyph widths, the spacings and the horizontal
 * scale), and its run in user space when it is horizontal (the blocks are made of horizontal text).
 */
function showText(
  glyphs: unknown[],
  gs: GraphicsState,
  text: { matrix: ArrayLike<number>; x: number; y: number; widthScale: number },
): { advance: number; run: Omit<Run, 'op'> | null } {
  const size = gs.fontSize;
  let advance = 0;
  for (const glyph of glyphs) {
    if (typeof glyph === 'number') advance -= (glyph * size) / 1000;
    else if (glyph && typeof glyph === 'object') {
      const g = glyph as { width?: number; isSpace?: boolean };
      advance += (g.width ?? 0) * size * text.widthScale + gs.charSpacing + (g.isSpace ? gs.wordSpacing : 0);
    }
  }
  advance *= gs.hScale * gs.fontDirection;
  const m = multiply(text.matrix, gs.ctm);
  const { x } = text;
  const ty = text.y + gs.rise + size * 0.3;
  const sx = m[0] * x + m[2] * ty + m[4];
  const sy = m[1] * x + m[3] * ty + m[5];
  const ex = m[0] * (x + advance) + m[2] * ty + m[4];
  const ey = m[1] * (x + advance) + m[3] * ty + m[5];
  if (Math.abs(ey - sy) > Math.abs(ex - sx) * 0.05 + 0.5) return { advance, run: null };
  const mode = gs.renderMode & 3;
  const filled = mode === 0 || mode === 2;
  const color = filled && gs.fill !== 'none' && gs.alpha >= 0.5 ? gs.fill : null;
  return { advance, run: { x0: Math.min(sx, ex), x1: Math.max(sx, ex), y: sy, color } };
}

/** Where shown text stands: the text matrix, the start of the line and the next glyph's place. */
interface TextPosition {
  matrix: ArrayLike<number>;
  lineX: number;
  lineY: number;
  x: number;
  y: number;
}

/** The scan of one operator list under way: the graphics state, the text position, what it found. */
interface Scan {
  gs: GraphicsState;
  stack: GraphicsState[];
  text: TextPosition;
  /** A clip operator was seen: the next path sets the clip. */
  pendingClip: boolean;
  fills: Fill[];
  runs: Run[];
  lookups: PaintLookups;
  /** Glyph width scale per font name (its font matrix), looked up once. */
  fontMatrices: Map<string, number>;
}

/**
 * Reads the page's operator list once: every filled box (with its colour, alpha and clip, in page
 * user space) and every run of shown text (its extent, from the text matrix, the CTM and the glyph
 * widths, and its fill colour). Cost: linear in the operators and glyphs of the page.
 */
export function scanPaint(list: OperatorList, lookups: PaintLookups = {}): PagePaint {
  const scan: Scan = {
    gs: {
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
    },
    stack: [],
    text: { matrix: IDENTITY, lineX: 0, lineY: 0, x: 0, y: 0 },
    pendingClip: false,
    fills: [],
    runs: [],
    lookups,
    fontMatrices: new Map<string, number>(),
  };
  const { fnArray, argsArray } = list;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = (argsArray[i] ?? []) as unknown[];
    // Every operator read belongs to one of the three steps; the rest are skipped.
    if (!stateOp(scan, fn, args) && !paintOp(scan, fn, args, i)) textOp(scan, fn, args, i);
  }
  return { fills: scan.fills, runs: scan.runs };
}

function widthScale(scan: Scan, name: string): number {
  let scale = scan.fontMatrices.get(name);
  if (scale === undefined) {
    const m = scan.lookups.fontMatrix?.(name);
    scale = m && typeof m[0] === 'number' && m[0] !== 0 ? m[0] : 0.001;
    scan.fontMatrices.set(name, scale);
  }
  return scale;
}

function patternColor(scan: Scan, args: unknown[]): Rgb | null {
  if (args[0] === 'Shading' && typeof args[1] === 'string')
    return shadingColor(scan.lookups.pattern?.(args[1]));
  return null;
}

function addFill(scan: Scan, box: Quad, color: Rgb | null, op: number, holes?: Quad[]): void {
  const { gs } = scan;
  const clipped = intersect(box, gs.clip);
  if (!clipped || clipped[2] - clipped[0] < MIN_FILL_SIDE || clipped[3] - clipped[1] < MIN_FILL_SIDE) return;
  const [x0, y0, x1, y1] = clipped;
  scan.fills.push({ x0, y0, x1, y1, color, alpha: gs.alpha, op, ...(holes ? { holes } : {}) });
}

/** The graphics state's operators: save and restore, groups and forms, the CTM, the fill, clips. */
function stateOp(scan: Scan, fn: number | undefined, args: unknown[]): boolean {
  switch (fn) {
    case OPS.save:
    case OPS.beginGroup:
      scan.stack.push(scan.gs);
      scan.gs = { ...scan.gs };
      return true;
    case OPS.restore:
    case OPS.endGroup:
    case OPS.paintFormXObjectEnd:
      scan.gs = scan.stack.pop() ?? scan.gs;
      return true;
    case OPS.paintFormXObjectBegin: {
      scan.stack.push(scan.gs);
      const gs = (scan.gs = { ...scan.gs });
      const [matrix, bbox] = args as [ArrayLike<number> | null, ArrayLike<number> | null];
      if (matrix && matrix.length >= 6) gs.ctm = multiply(matrix, gs.ctm);
      if (bbox && bbox.length >= 4)
        gs.clip = intersect(transformBox(gs.ctm, bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!), gs.clip);
      return true;
    }
    case OPS.transform:
      scan.gs.ctm = multiply(args as number[], scan.gs.ctm);
      return true;
    case OPS.setGState:
      applyGState(scan.gs, (args[0] ?? []) as unknown[]);
      return true;
    case OPS.setFillRGBColor:
      scan.gs.fill = parseHex(args[0]);
      return true;
    case OPS.setFillTransparent:
      scan.gs.fill = 'none';
      return true;
    case OPS.setFillColorN:
      scan.gs.fill = patternColor(scan, args);
      return true;
    case OPS.clip:
    case OPS.eoClip:
      scan.pendingClip = true;
      return true;
    default:
      return false;
  }
}

/** The painting operators: paths (and the clip a path sets), image masks, images, shadings. */
function paintOp(scan: Scan, fn: number | undefined, args: unknown[], i: number): boolean {
  const { gs } = scan;
  switch (fn) {
    case OPS.constructPath: {
      const [paint, data, minMax] = args as [number, (ArrayLike<number> | null)[], ArrayLike<number> | null];
      if (scan.pendingClip) {
        scan.pendingClip = false;
        if (minMax)
          gs.clip = intersect(transformBox(gs.ctm, minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!), gs.clip);
      }
      const buffer = data?.[0];
      if (!FILL_OPS.has(paint) || !buffer || gs.fill === 'none' || gs.alpha <= 0) return true;
      for (const { box, holes } of filledBoxes(buffer, gs.ctm, EVEN_ODD.has(paint)))
        addFill(scan, box, gs.fill, i, holes);
      return true;
    }
    case OPS.paintSolidColorImageMask:
      if (gs.fill !== 'none') addFill(scan, transformBox(gs.ctm, 0, 0, 1, 1), gs.fill, i);
      return true;
    case OPS.paintImageXObject:
    case OPS.paintInlineImageXObject:
      // Text on a picture: its colours are not known here; the cover stays white.
      addFill(scan, transformBox(gs.ctm, 0, 0, 1, 1), null, i);
      return true;
    case OPS.shadingFill: {
      const color = typeof args[0] === 'string' ? shadingColor(scan.lookups.pattern?.(args[0])) : null;
      addFill(scan, gs.clip ?? [-1e9, -1e9, 1e9, 1e9], color, i);
      return true;
    }
    default:
      return false;
  }
}

/** The text operators: the text matrix and position, the font and spacings, and shown text. */
function textOp(scan: Scan, fn: number | undefined, args: unknown[], i: number): void {
  const { gs, text: t } = scan;
  switch (fn) {
    case OPS.beginText:
      t.matrix = IDENTITY;
      t.x = t.y = t.lineX = t.lineY = 0;
      break;
    case OPS.setTextMatrix:
      t.matrix = args[0] as ArrayLike<number>;
      t.x = t.y = t.lineX = t.lineY = 0;
      break;
    case OPS.moveText:
      t.x = t.lineX += Number(args[0]) || 0;
      t.y = t.lineY += Number(args[1]) || 0;
      break;
    case OPS.setLeadingMoveText:
      gs.leading = Number(args[1]) || 0;
      t.x = t.lineX += Number(args[0]) || 0;
      t.y = t.lineY += Number(args[1]) || 0;
      break;
    case OPS.setLeading:
      gs.leading = -(Number(args[0]) || 0);
      break;
    case OPS.nextLine:
      t.x = t.lineX;
      t.y = t.lineY += gs.leading;
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
      const shown = showText((args[0] ?? []) as unknown[], gs, {
        matrix: t.matrix,
        x: t.x,
        y: t.y,
        widthScale: widthScale(scan, gs.fontName),
      });
      t.x += shown.advance;
      if (shown.run) scan.runs.push({ ...shown.run, op: i });
      break;
    }
    default:
      break;
  }
}
