import type { Page } from 'playwright-core';

export interface CanvasInk {
  width: number;
  height: number;
  /** Share of sampled pixels that are not (near) white. */
  inkRatio: number;
}

/** Samples the rendered canvas of a PDF page and tells how much of it is not blank. */
export async function pageCanvasInk(
  page: Page,
  pageNumber = 1,
  scope = '[data-testid="pdf-viewer"]',
): Promise<CanvasInk> {
  return page.evaluate(
    ({ pageNumber, scope }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        `${scope} [data-page-number="${pageNumber}"][data-rendered="true"] canvas`,
      );
      if (!canvas) return { width: 0, height: 0, inkRatio: 0 };
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return { width: canvas.width, height: canvas.height, inkRatio: 0 };
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      let samples = 0;
      for (let i = 0; i < data.length; i += 4 * 97) {
        samples += 1;
        if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) ink += 1;
      }
      return { width: canvas.width, height: canvas.height, inkRatio: ink / samples };
    },
    { pageNumber, scope },
  );
}

/** Waits until page `pageNumber` of the (first) PDF viewer has been rendered. */
export async function waitForRenderedPage(page: Page, pageNumber = 1, timeout = 30_000): Promise<void> {
  await page.waitForSelector(
    `[data-testid="pdf-viewer"] [data-page-number="${pageNumber}"][data-rendered="true"] canvas`,
    {
      timeout,
    },
  );
}
