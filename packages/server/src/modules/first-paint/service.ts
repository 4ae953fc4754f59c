import { createHash } from 'node:crypto';
import { SearchRequest } from '@rl/contract';
import type { Viewer } from '../access/viewer.js';
import { createGenerationCache } from '../search/generation-cache.js';
import { isSearch, type SearchService } from '../search/service.js';
import type { FirstPaintRenderer, PaintRequest, RenderedPaint } from './renderer.js';

/** An answer the page hands to the call the app makes first (the web's api/page-answers.ts). */
export interface PageAnswer {
  method: 'POST';
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
  country: string | null;
}

/** A page's first screen and the answer its results came from. */
export interface FirstPaint extends RenderedPaint {
  answers: PageAnswer[];
}

const SEARCH_PATH = '/api/file/search';
/** Paints kept per process while the search generation stays: widths × languages × sortings × title-only, and a day's locks. */
const KEPT_PAINTS = 48;

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/**
 * The first screen of the search page as a visitor with the default settings sees it, rendered
 * with the web's own components (renderer.ts), so a phone shows the reports before the app's
 * JavaScript has arrived. Only a search that counts nothing gets one (the landing list, in either
 * order): a keyword or a filter is the user's search to make, counted when the app sends it.
 * The search is answered as the app's call would be (the search keeps its own pages); a paint is
 * rendered again only when its answer changed (the library, or a day that unlocked reports).
 */
export function createFirstPaintService(deps: {
  search: Pick<SearchService, 'searchAs'>;
  /** Loads the renderer the first time it is asked for (renderer.ts); null: no paints. */
  renderer: () => Promise<FirstPaintRenderer | null>;
  generation: () => Promise<string>;
}) {
  const paints = createGenerationCache<RenderedPaint | null>(deps.generation, KEPT_PAINTS);
  let renderer: Promise<FirstPaintRenderer | null> | null = null;
  const loadRenderer = () => (renderer ??= deps.renderer());

  return {
    /** Loads the renderer ahead of the first page (it takes a moment), without waiting for it. */
    warm(): void {
      void loadRenderer();
    },

    /** The first paint of a page, or null to send the page without one. */
    async paintOf(request: PaintRequest, viewer: Viewer): Promise<FirstPaint | null> {
      const renderer = await loadRenderer();
      const page = renderer?.firstPaintSearch(request.url);
      if (!renderer || !page) return null;
      const parsed = SearchRequest.safeParse(page.request);
      if (!parsed.success || isSearch(parsed.data)) return null;
      // A visitor's answer, counted for nobody: it is not a search.
      const answer = await deps.search.searchAs(parsed.data, { ...viewer, user: null, token: null });
      const { width, language } = request;
      const paint = await paints.get(`${width} ${language} ${page.url} ${digest(answer)}`, () =>
        renderer.renderFirstPaint({ url: page.url, width, language, search: answer }),
      );
      if (!paint) return null;
      // The body as the app sends it, which is how the app finds the answer.
      const search = { method: 'POST', path: SEARCH_PATH, body: page.request, status: 200, answer } as const;
      return { ...paint, answers: [{ ...search, country: viewer.country }] };
    },
  };
}
export type FirstPaintService = ReturnType<typeof createFirstPaintService>;
