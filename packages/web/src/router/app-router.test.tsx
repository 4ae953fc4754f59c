import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from './app-router';

type Router = ReturnType<typeof createMemoryRouter>;

/** Busy for a few milliseconds, so that React yields to the browser between such components. */
function Slow({ onRender }: { onRender?: () => void }) {
  const until = performance.now() + 4;
  while (performance.now() < until);
  onRender?.();
  return null;
}

/**
 * Renders as a transition a page slow enough to be rendered in slices, and moves the router from a
 * task that runs between two slices: before the provider commits and subscribes.
 */
async function renderAcrossANavigation(provider: (router: Router) => ReactNode) {
  let navigated = false;
  // Once the provider has rendered: React finishes this slice, then the navigation runs.
  const navigateAfterThisSlice = () => {
    if (navigated) return;
    navigated = true;
    queueMicrotask(() => void router.navigate('/b'));
  };
  const page = Array.from({ length: 40 }, (_, i) => (
    <Slow key={i} onRender={i === 0 ? navigateAfterThisSlice : undefined} />
  ));
  const router = createMemoryRouter(
    [
      { path: '/a', element: <p>{page}page a</p> },
      { path: '/b', element: <p>page b</p> },
    ],
    { initialEntries: ['/a'] },
  );
  // Another listener, as the app's progress bar: the router then keeps no update for a late one.
  const stopListening = router.subscribe(() => {});
  const container = document.createElement('div');
  const root = createRoot(container);
  startTransition(() => root.render(provider(router)));
  await vi.waitFor(() => expect(container.textContent).toMatch(/page [ab]/), { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const shown = container.textContent;
  root.unmount();
  stopListening();
  return { router, shown };
}

describe('the app router', () => {
  // Outside act(), React schedules and slices its work as in a browser.
  beforeEach(() => vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the page of a navigation made while its first render was under way', async () => {
    const { router, shown } = await renderAcrossANavigation((r) => <AppRouter router={r} />);
    expect(router.state.location.pathname).toBe('/b');
    expect(shown).toBe('page b');
  });

  it('is needed: the bare provider keeps showing the older page', async () => {
    const { router, shown } = await renderAcrossANavigation((r) => <RouterProvider router={r} />);
    expect(router.state.location.pathname).toBe('/b');
    expect(shown).toBe('page a');
  });
});
