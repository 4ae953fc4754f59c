import type { PDFDocumentProxy } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageBox, PageSize } from './page-layout';
import { isCancellation, renderPage } from './render-page';

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  box: PageBox;
  scale: number;
  /** Only pages in or near the view render; the others keep their place as empty boxes. */
  active: boolean;
  onSize(pageNumber: number, size: PageSize): void;
}

type PageStatus = 'idle' | 'rendered' | 'failed';

/** One page: an empty box of the right size until it comes near the view, then canvas and text. */
export const PdfPage = memo(function PdfPage({ doc, pageNumber, box, scale, active, onSize }: PdfPageProps) {
  const { t } = useTranslation();
  const canvasHost = useRef<HTMLDivElement>(null);
  const textHost = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState<{ scale: number; status: PageStatus } | null>(null);

  useEffect(() => {
    const canvasElement = canvasHost.current;
    const textElement = textHost.current;
    if (!active || !canvasElement || !textElement) {
      canvasElement?.replaceChildren();
      textElement?.replaceChildren();
      return;
    }
    let cancelled = false;
    let cancelRendering: (() => void) | null = null;
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled) return;
        const { width, height } = page.getViewport({ scale: 1 });
        onSize(pageNumber, { width, height });
        const rendering = renderPage(page, scale, canvasElement, textElement);
        cancelRendering = rendering.cancel;
        return rendering.done;
      })
      .then(() => !cancelled && setRendered({ scale, status: 'rendered' }))
      .catch((error: unknown) => {
        if (cancelled || isCancellation(error)) return;
        console.error(`Page ${pageNumber} could not be rendered`, error);
        setRendered({ scale, status: 'failed' });
      });
    return () => {
      cancelled = true;
      cancelRendering?.();
    };
  }, [doc, pageNumber, scale, active, onSize]);

  const status: PageStatus = active && rendered ? rendered.status : 'idle';
  const style = {
    top: box.top,
    width: box.width,
    height: box.height,
    '--total-scale-factor': scale,
  } as CSSProperties;
  return (
    <div
      className="rl-pdf-page"
      style={style}
      data-page-number={pageNumber}
      data-rendered={status === 'rendered' ? 'true' : undefined}
      aria-label={t('pdf.pageLabel', { page: pageNumber })}
      role="region"
    >
      <div ref={canvasHost} className="rl-pdf-page__canvas-host" />
      <div ref={textHost} className="textLayer" />
      {status === 'failed' && <div className="rl-pdf-page__failed">{t('pdf.pageFailed')}</div>}
      {status === 'idle' && <div className="rl-pdf-page__number">{pageNumber}</div>}
    </div>
  );
});
