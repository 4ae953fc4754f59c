import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { SearchRequest, SearchResponse } from '@rl/contract';
import { theme as antdTheme } from 'antd';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app-providers';
import { appThemeVariables } from '../components/theme-effects/theme-variables';
import { DEFAULT_APP_SETTINGS } from '../config/app-settings';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../config/locales';
import { initI18n, loadLocale, selectLocale } from '../locale/i18n';
import {
  criteriaKey,
  criteriaToParams,
  PARAM,
  parseCriteria,
  toSearchRequest,
} from '../stores/search-criteria';
import { NO_RESULTS, searchStore } from '../stores/search-store';
import { APP_ROUTES } from '../router/routes';
import { PATHS } from '../router/route-meta';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { NARROW_MAX_PX, PHONE_MAX_PX, renderOnServerFor, type Viewport } from '../utils/use-viewport';
import { firstPaintKey } from './first-paint-key';

/** The width classes a first paint is laid out for; the server guesses one from the request. */
export type WidthClass = 'phone' | 'tablet' | 'desktop';

const WIDTHS: Record<WidthClass, { viewport: Viewport; media: string }> = {
  phone: { viewport: { narrow: true, phone: true }, media: `(max-width: ${PHONE_MAX_PX}px)` },
  tablet: {
    viewport: { narrow: true, phone: false },
    media: `(min-width: ${PHONE_MAX_PX + 0.02}px) and (max-width: ${NARROW_MAX_PX}px)`,
  },
  desktop: { viewport: { narrow: false, phone: false }, media: `(min-width: ${NARROW_MAX_PX + 0.02}px)` },
};

export interface FirstPaintInput {
  /** The page's absolute URL. */
  url: string;
  width: WidthClass;
  /** The reader's interface language as the app last stored it (its cookie), if known. */
  language?: string;
  /** The answer to `firstPaintSearch(url)`, as a visitor gets it. */
  search: SearchResponse;
}

export interface FirstPaint {
  /** The markup of the app's root. */
  html: string;
  /** The theme's CSS variables the markup reads (antd's and the app's own). */
  css: string;
  /** The state it shows (first-paint-key.ts); a browser in another state must not show it. */
  key: string;
  /** The media query of the width it is laid out for. */
  media: string;
  /** Its language, for the page's `lang`. */
  lang: Locale;
}

/** The search a page starts with, and the page's URL with its criteria written as the app writes them. */
export interface FirstPaintSearch {
  request: SearchRequest;
  url: string;
}

/**
 * The search the page at `url` starts with, if the page is the search page's result list (an open
 * report is left to the app). The server answers it and renders the canonical URL with the answer.
 */
export function firstPaintSearch(url: string): FirstPaintSearch | null {
  const { origin, pathname, searchParams } = new URL(url);
  if (pathname !== PATHS.file || searchParams.has(PARAM.file)) return null;
  const criteria = parseCriteria(searchParams);
  const query = criteriaToParams(criteria).toString();
  return { request: toSearchRequest(criteria, 1), url: `${origin}${pathname}${query ? `?${query}` : ''}` };
}

/** antd's theme token as the app's providers give it, caught during the render. */
function ThemeProbe({ onToken }: { onToken(token: ReturnType<typeof antdTheme.useToken>['token']): void }) {
  onToken(antdTheme.useToken().token);
  return null;
}

/**
 * The search page as the app first renders it for a visitor with the default settings in the
 * reader's language, with the results the server found: the app's own components on a static router. The browser shows it
 * before the app's JavaScript has arrived; the app's first render then replaces it (createRoot
 * clears its container).
 */
export function renderFirstPaint(input: FirstPaintInput): Promise<FirstPaint | null> {
  // One at a time: a render sets the app's stores, which every render shares.
  const run = queue.then(() => render(input));
  queue = run.catch(() => null);
  return run;
}

let queue: Promise<unknown> = Promise.resolve();

async function render({ url, width, search, language }: FirstPaintInput): Promise<FirstPaint | null> {
  if (!firstPaintSearch(url)) return null;
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  initI18n();
  await loadLocale(locale);
  await selectLocale(locale);
  useAppSettingsStore.setState({ language: locale });
  const { viewport, media } = WIDTHS[width];
  renderOnServerFor(viewport);
  // The list as found; the route's loader then sees its search answered and sends none.
  const criteria = parseCriteria(new URL(url).searchParams);
  searchStore.setState({
    criteria,
    key: criteriaKey(criteria),
    requestedKey: criteriaKey(criteria),
    files: search.file_list,
    total: search.total_items,
    currentPage: 1,
    sorting: search.sorting,
    loading: false,
    loadingMore: false,
    errorMessage: search.file_list.length === 0 ? NO_RESULTS : null,
    loadMoreError: null,
  });
  const handler = createStaticHandler(APP_ROUTES);
  const context = await handler.query(new Request(url));
  // A redirect or a failed guard: the app decides what to show.
  if (context instanceof Response || context.errors) return null;

  let variables: Record<string, string> = {};
  const theme = useAppSettingsStore.getState().theme;
  const cache = createCache();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProviders>
          <ThemeProbe onToken={(token) => (variables = appThemeVariables(token, theme))} />
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
  );
  const appVariables = Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const css = `${extractStyle(cache, { plain: true, types: ['token', 'cssVar'] })}:root{${appVariables}}`;
  const key = firstPaintKey({ language: locale, loggedIn: false, settings: DEFAULT_APP_SETTINGS });
  return { html, css, key, media, lang: locale };
}
