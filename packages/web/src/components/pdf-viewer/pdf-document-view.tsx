import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  columnHeight,
  currentPageNumber,
  pageBoxes,
  PAGE_GAP,
  positionAt,
  scrollTopOf,
  visiblePageRange,
  type PageBox,
  type PagePosition,
  type PageSize,
} from './page-layout';
import { PdfPage } from './pdf-page';
import { PdfToolbar } from './pdf-toolbar';
import type { ScrollLink } from './scroll-link';
import { useScrollViewport } from './use-scroll-viewport';
import { resolveScale, type Zoom } from './zoom';

interface PdfDocumentViewProps {
  doc: PDFDocumentProxy;
  firstPageSize: PageSize;
  label?: string;
  pageRequest?: { page: number; seq: number } | null;
  scrollLink?: ScrollLink;
}

/** The pages in a scrolling column; only pages in or near the view render. */
export function PdfDocumentView({
  doc,
  firstPageSize,
  label,
  pageRequest,
  scrollLink,
}: PdfDocumentViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<Zoom>({ kind: 'fitWidth' });
  // Pages take the first page's size until they load and report their own.
  const [sizes, setSizes] = useState<PageSize[]>(() =>
    Array.from({ length: doc.numPages }, () => firstPageSize),
  );
  const viewport = useScrollViewport(scrollRef);
  const scale = resolveScale(zoom, firstPageSize, viewport);
  const boxes = useMemo(() => pageBoxes(sizes, scale), [sizes, scale]);
  const measured = viewport.width > 0;
  const [first, last] = measured
    ? visiblePageRange(boxes, viewport.scrollTop, viewport.height, viewport.height)
    : [0, -1];
  const page = currentPageNumber(boxes, viewport.scrollTop, viewport.height);
  const widest = boxes.reduce((max, box) => Math.max(max, box.width), 0);

  const onSize = useCallback((pageNumber: number, size: PageSize) => {
    setSizes((previous) => {
      const known = previous[pageNumber - 1];
      if (
        !known ||
        (Math.abs(known.width - size.width) < 0.5 && Math.abs(known.height - size.height) < 0.5)
      ) {
        return previous;
      }
      const next = [...previous];
      next[pageNumber - 1] = size;
      return next;
    });
  }, []);

  // Zooming keeps the reader at the same place in the document.
  const previousHeight = useRef(0);
  const height = columnHeight(boxes);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && previousHeight.current > 0 && previousHeight.current !== height) {
      element.scrollTop = (element.scrollTop / previousHeight.current) * height;
    }
    previousHeight.current = height;
  }, [height]);

  const goToPage = (pageNumber: number) => {
    const box = boxes[pageNumber - 1];
    if (box && scrollRef.current) scrollRef.current.scrollTop = box.top - PAGE_GAP;
  };

  // A page asked from outside (a chat citation): scroll there once per request.
  const goToPageRef = useRef(goToPage);
  useLayoutEffect(() => {
    goToPageRef.current = goToPage;
  });
  const requestSeq = pageRequest?.seq;
  const requestedPage = pageRequest?.page;
  useEffect(() => {
    if (requestedPage !== undefined) goToPageRef.current(Math.min(Math.max(1, requestedPage), doc.numPages));
  }, [requestSeq, requestedPage, doc.numPages]);

  useLinkedScroll(scrollRef, boxes, measured, scrollLink);

  return (
    <div className="rl-pdf" data-testid="pdf-viewer" data-page-count={doc.numPages}>
      <PdfToolbar
        label={label}
        page={page}
        pageCount={doc.numPages}
        scale={scale}
        zoom={zoom}
        onPage={goToPage}
        onZoom={setZoom}
      />
      <div className="rl-pdf__scroll" ref={scrollRef} tabIndex={0}>
        <div className="rl-pdf__column" style={{ height, minWidth: widest + 2 * PAGE_GAP }}>
          {boxes.map((box, index) => (
            <PdfPage
              key={index + 1}
              doc={doc}
              pageNumber={index + 1}
              box={box}
              scale={scale}
              active={index + 1 >= first && index + 1 <= last}
              onSize={onSize}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * Follows the other views of a scroll link and tells them where the reader scrolled. A move made
 * to follow is not told back; a view that joins opens at the link's last place once measured, or
 * sets it when it is the first.
 */
function useLinkedScroll(
  scrollRef: RefObject<HTMLDivElement | null>,
  boxes: PageBox[],
  measured: boolean,
  link: ScrollLink | undefined,
): void {
  const boxesRef = useRef(boxes);
  useLayoutEffect(() => {
    boxesRef.current = boxes;
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (!link || !element || !measured) return;
    let following: number | null = null;
    const follow = (position: PagePosition) => {
      const top = Math.round(scrollTopOf(boxesRef.current, position));
      if (Math.abs(element.scrollTop - top) < 1) return;
      following = top;
      element.scrollTop = top;
    };
    const member = link.join(follow);
    // The first view sets the place; a view that joins later goes there.
    if (link.last) follow(link.last);
    else member.publish(positionAt(boxesRef.current, element.scrollTop));
    const onScroll = () => {
      const own = following === null || Math.abs(element.scrollTop - following) > 2;
      following = null;
      if (own) member.publish(positionAt(boxesRef.current, element.scrollTop));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      member.leave();
    };
  }, [scrollRef, link, measured]);
}
