import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchResponse } from '@rl/contract';
import type { Logger } from 'pino';

/** The width classes a first paint is laid out for (the web's `WidthClass`). */
export type WidthClass = 'phone' | 'tablet' | 'desktop';

/** A first screen as the web renders it (packages/web/src/first-paint/render-first-paint.tsx). */
export interface RenderedPaint {
  /** The markup of the app's root. */
  html: string;
  /** The theme's CSS variables the markup reads. */
  css: string;
  /** The state it shows; index.html's first script shows it only in a browser in that state. */
  key: string;
  /** The media query of the width it is laid out for. */
  media: string;
  /** Its language, for the page's `lang`. */
  lang: string;
}

/** What a paint is rendered for: the page, the width it will be shown at, the reader's language. */
export interface PaintRequest {
  url: string;
  width: WidthClass;
  /** The reader's interface language, as the app last stored it. */
  language: string;
}

/**
 * The web's first-paint module, built by `npm run build:web` into WEB_DIST/ssr/. Its answers are
 * the web's: the server checks the search it names against the contract before running it.
 */
export interface FirstPaintRenderer {
  /** The search the page at `url` starts with, and the page's canonical URL; null for other pages. */
  firstPaintSearch(url: string): { request: unknown; url: string } | null;
  renderFirstPaint(input: PaintRequest & { search: SearchResponse }): Promise<RenderedPaint | null>;
}

export const FIRST_PAINT_MODULE = join('ssr', 'render-first-paint.js');

/**
 * Loads the renderer from the built web app, or null (with a warning) when it was not built or does
 * not load: pages are then sent without a first paint, as before.
 */
export async function loadFirstPaintRenderer(
  webDist: string,
  log: Logger,
): Promise<FirstPaintRenderer | null> {
  const file = join(webDist, FIRST_PAINT_MODULE);
  if (!existsSync(file)) {
    log.warn(
      { file },
      'no first-paint renderer in the web build (npm run build:web); pages are sent without one',
    );
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<FirstPaintRenderer>;
    if (typeof module.firstPaintSearch !== 'function' || typeof module.renderFirstPaint !== 'function') {
      throw new Error('the module does not export firstPaintSearch and renderFirstPaint');
    }
    return module as FirstPaintRenderer;
  } catch (err) {
    log.warn({ err, file }, 'the first-paint renderer did not load; pages are sent without one');
    return null;
  }
}
