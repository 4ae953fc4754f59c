import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app-providers';
import { initI18n } from '../locale/i18n';

initI18n();

/** Renders inside the app's providers (theme, locale, toasts) and a memory router at `path`. */
export function renderWithApp(ui: ReactNode, path = '/'): RenderResult {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Renders the app's own route table at `path`; returns the router to inspect the location. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** A fetch stub answering by path; unknown paths get 404. */
export function stubFetch(answers: Record<string, unknown>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body = answers[path];
    if (body === undefined) return new Response(JSON.stringify({ error_msg: 'not found' }), { status: 404 });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}
