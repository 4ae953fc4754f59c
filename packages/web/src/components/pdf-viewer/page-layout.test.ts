import { describe, expect, it } from 'vitest';
import { columnHeight, currentPageNumber, pageBoxes, visiblePageRange } from './page-layout';

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
