/** Size of a page at scale 1, in CSS pixels. */
export interface PageSize {
  width: number;
  height: number;
}

export interface PageBox {
  top: number;
  width: number;
  height: number;
}

/** Space between pages and around the column, in CSS pixels. */
export const PAGE_GAP = 12;

/** Where each page sits in the scrolling column at a scale. */
export function pageBoxes(sizes: PageSize[], scale: number, gap = PAGE_GAP): PageBox[] {
  let top = gap;
  return sizes.map((size) => {
    const box = { top, width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) };
    top += box.height + gap;
    return box;
  });
}

export function columnHeight(boxes: PageBox[], gap = PAGE_GAP): number {
  const last = boxes.at(-1);
  return last ? last.top + last.height + gap : 0;
}

/** First index of a box whose bottom is below `y` (binary search; boxes are in order). */
function firstBoxEndingAfter(boxes: PageBox[], y: number): number {
  let low = 0;
  let high = boxes.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    const box = boxes[middle]!;
    if (box.top + box.height <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Page numbers (1-based, inclusive) that overlap the visible area, extended by `overscan`
 * pixels above and below so neighbours render before they scroll in.
 */
export function visiblePageRange(
  boxes: PageBox[],
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
): [number, number] {
  if (boxes.length === 0) return [0, -1];
  const first = firstBoxEndingAfter(boxes, scrollTop - overscan);
  const bottom = scrollTop + viewportHeight + overscan;
  let last = first;
  while (last + 1 < boxes.length && boxes[last + 1]!.top < bottom) last += 1;
  return [first + 1, last + 1];
}

/** The page the reader is on: the one crossing a line a third of the way down the view. */
export function currentPageNumber(boxes: PageBox[], scrollTop: number, viewportHeight: number): number {
  if (boxes.length === 0) return 0;
  return firstBoxEndingAfter(boxes, scrollTop + viewportHeight / 3) + 1;
}

/** A place in a document: a page (1-based) and how far down it (0 to 1) the top of the view is. */
export interface PagePosition {
  page: number;
  offset: number;
}

/** Height of the gap above page `index` (the column's top margin for the first page). */
function gapAbove(boxes: PageBox[], index: number): number {
  const box = boxes[index]!;
  const previous = boxes[index - 1];
  return previous ? box.top - (previous.top + previous.height) : box.top;
}

/**
 * The place at the top of the view. In the gap above a page the offset is negative, a share of
 * the gap (-1 to 0), since gaps keep their size at every zoom; on the page it is a share of the
 * page's height (0 to 1).
 */
export function positionAt(boxes: PageBox[], scrollTop: number): PagePosition {
  if (boxes.length === 0) return { page: 1, offset: 0 };
  const index = firstBoxEndingAfter(boxes, scrollTop);
  const box = boxes[index]!;
  const into = scrollTop - box.top;
  if (into < 0) {
    const gap = gapAbove(boxes, index);
    return { page: index + 1, offset: gap > 0 ? Math.max(-1, into / gap) : 0 };
  }
  return { page: index + 1, offset: box.height > 0 ? Math.min(1, into / box.height) : 0 };
}

/** The scroll offset that shows a place at the top of the view (the inverse of `positionAt`). */
export function scrollTopOf(boxes: PageBox[], position: PagePosition): number {
  const index = Math.min(Math.max(position.page, 1), boxes.length) - 1;
  const box = boxes[index];
  if (!box) return 0;
  const size = position.offset < 0 ? gapAbove(boxes, index) : box.height;
  return Math.max(0, box.top + position.offset * size);
}
