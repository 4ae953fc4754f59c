import { describe, expect, it } from 'vitest';
import {
  columnHeight,
  currentPageNumber,
  pageBoxes,
  positionAt,
  scrollTopOf,
  visiblePageRange,
} from './page-layout';

const a4 = { width: 595, height: 842 };
const boxes = pageBoxes(
  Array.from({ length: 30 }, () => a4),
  1,
  10,
);

describe('page layout', () => {
  it('stacks pages with gaps', () => {
    expect(boxes[0]).toEqual({ top: 10, width: 595, height: 842 });
    expect(boxes[1]!.top).toBe(10 + 842 + 10);
    expect(columnHeight(boxes, 10)).toBe(10 + 30 * (842 + 10));
    expect(pageBoxes([a4], 2, 10)[0]).toEqual({ top: 10, width: 1190, height: 1684 });
  });

  it('finds the pages in view, with overscan', () => {
    expect(visiblePageRange(boxes, 0, 800, 0)).toEqual([1, 1]);
    expect(visiblePageRange(boxes, 0, 900, 0)).toEqual([1, 2]);
    expect(visiblePageRange(boxes, 852 * 10, 800, 0)).toEqual([11, 11]);
    expect(visiblePageRange(boxes, 852 * 10, 800, 900)).toEqual([9, 12]);
    expect(visiblePageRange(boxes, 852 * 29 + 5, 800, 0)).toEqual([30, 30]);
    expect(visiblePageRange([], 0, 800, 0)).toEqual([0, -1]);
  });

  it('names the current page', () => {
    expect(currentPageNumber(boxes, 0, 900)).toBe(1);
    expect(currentPageNumber(boxes, 852 * 4 + 100, 900)).toBe(5);
    expect(currentPageNumber(boxes, 852 * 4 + 700, 900)).toBe(6);
    expect(currentPageNumber(boxes, 1e9, 900)).toBe(30);
  });
});

describe('page positions', () => {
  it('names the page at the top of the view and how far down it is', () => {
    expect(positionAt(boxes, 10)).toEqual({ page: 1, offset: 0 });
    expect(positionAt(boxes, 0)).toEqual({ page: 1, offset: -1 });
    expect(positionAt(boxes, 852 + 5)).toEqual({ page: 2, offset: -0.5 });
    expect(scrollTopOf(boxes, positionAt(boxes, 0))).toBe(0);
    expect(positionAt(boxes, 10 + 421)).toEqual({ page: 1, offset: 0.5 });
    expect(positionAt(boxes, 852 * 3 + 10)).toEqual({ page: 4, offset: 0 });
    expect(positionAt([], 500)).toEqual({ page: 1, offset: 0 });
  });

  it('maps a position back to a scroll offset, also in a column of another scale', () => {
    const position = positionAt(boxes, 852 * 7 + 10 + 210.5);
    expect(scrollTopOf(boxes, position)).toBeCloseTo(852 * 7 + 10 + 210.5);
    const twice = pageBoxes(
      Array.from({ length: 30 }, () => a4),
      2,
      10,
    );
    expect(positionAt(twice, scrollTopOf(twice, position))).toEqual(position);
    expect(scrollTopOf(boxes, { page: 99, offset: 0.5 })).toBe(boxes[29]!.top + 421);
    // In a gap the place keeps its pixels at any zoom: gaps do not scale.
    expect(scrollTopOf(twice, positionAt(boxes, 852 + 5))).toBe(twice[1]!.top - 5);
    expect(scrollTopOf(twice, positionAt(boxes, 0))).toBe(0);
    expect(scrollTopOf([], { page: 3, offset: 0 })).toBe(0);
  });
});
