import { RenderingCancelledException, TextLayer, type PDFPageProxy, type RenderTask } from 'pdfjs-dist';

/** pdf.js's own limit on canvas pixels; a larger page renders at a lower resolution. */
const MAX_CANVAS_PIXELS = 2 ** 24;

export interface PageRendering {
  /** Resolves once the canvas is on screen and the text layer is laid out. */
  done: Promise<void>;
  cancel(): void;
}

function outputScale(width: number, height: number): number {
  const wanted = window.devicePixelRatio || 1;
  const limit = Math.sqrt(MAX_CANVAS_PIXELS / (width * height));
  return Math.max(0.5, Math.min(wanted, limit));
}

/**
 * Renders a page into a fresh canvas and swaps it in only when done (no blank flash when
 * zooming), then lays out the selectable text layer over it.
 */
export function renderPage(
  page: PDFPageProxy,
  scale: number,
  canvasHost: HTMLElement,
  textHost: HTMLElement,
): PageRendering {
  const viewport = page.getViewport({ scale });
  const ratio = outputScale(viewport.width, viewport.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.className = 'rl-pdf-page__canvas';
  let renderTask: RenderTask | null = null;
  let textLayer: TextLayer | null = null;
  let cancelled = false;

  const done = (async () => {
    renderTask = page.render({
      canvas,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    await renderTask.promise;
    if (cancelled) return;
    canvasHost.replaceChildren(canvas);
    textHost.replaceChildren();
    textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: textHost, viewport });
    await textLayer.render();
  })();

  return {
    done,
    cancel() {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    },
  };
}

export function isCancellation(error: unknown): boolean {
  return (
    error instanceof RenderingCancelledException ||
    (error instanceof Error && error.name === 'AbortException')
  );
}
