import type { Quad } from './paint-types.js';

/*
 * The geometry of the operator walk (page-paint.ts): transformation matrices, boxes and clips, and
 * the filled boxes of a path (nearly rectangular subpaths, with the holes a frame or a ring leaves).
 */

export type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m applied first, then n: the CTM after `cm m` when the CTM was n. */
export function multiply(m: ArrayLike<number>, n: Matrix): Matrix {
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
export function transformBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): Quad {
  const xs = [m[0] * x0 + m[2] * y0, m[0] * x1 + m[2] * y0, m[0] * x0 + m[2] * y1, m[0] * x1 + m[2] * y1];
  const ys = [m[1] * x0 + m[3] * y0, m[1] * x1 + m[3] * y0, m[1] * x0 + m[3] * y1, m[1] * x1 + m[3] * y1];
  return [Math.min(...xs) + m[4], Math.min(...ys) + m[5], Math.max(...xs) + m[4], Math.max(...ys) + m[5]];
}

export function intersect(a: Quad, b: Quad | null): Quad | null {
  if (!b) return a;
  const q: Quad = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return q[0] < q[2] && q[1] < q[3] ? q : null;
}

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

/** A filled box of a path, in user space, with the inner boxes it leaves unpainted. */
export interface PathBox {
  box: Quad;
  holes?: Quad[];
}

/**
 * The boxes a fill of the path paints (its nearly rectangular subpaths), under the matrix.
 * Nested subpaths: the inner one is a hole under the even-odd rule, or when it winds the other way
 * (nonzero); then it is left out and recorded as a hole of the outer one. Paths of many subpaths (a
 * chart's bars) are taken as they are: the check would be quadratic.
 */
export function filledBoxes(buffer: ArrayLike<number>, ctm: Matrix, evenOdd: boolean): PathBox[] {
  const subpaths = subpathsOf(buffer).filter(
    (s) => Math.abs(s.area) >= BOXLIKE * (s.box[2] - s.box[0]) * (s.box[3] - s.box[1]) && s.area !== 0,
  );
  const nested = subpaths.length > 1 && subpaths.length <= MAX_NESTED;
  const boxes: PathBox[] = [];
  for (const s of subpaths) {
    const outer =
      nested && subpaths.find((o) => o !== s && contains(o.box, s.box) && (evenOdd || o.area * s.area < 0));
    if (outer) continue;
    const holes = (nested ? subpaths : [])
      .filter((h) => h !== s && contains(s.box, h.box) && (evenOdd || h.area * s.area < 0))
      .map((h) => transformBox(ctm, ...h.box));
    boxes.push({ box: transformBox(ctm, ...s.box), ...(holes.length > 0 ? { holes } : {}) });
  }
  return boxes;
}
