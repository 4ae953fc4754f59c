import { useLayoutEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * RouterProvider reads the router's state when it renders and subscribes only once it commits. A
 * render that is sliced (a transition) can span a router update, such as the initial navigation
 * finishing, and RouterProvider would then show the older state for good. Once mounted, this
 * compares the state it rendered with the router's and, if they differ, mounts the provider again
 * synchronously: from then on its subscription holds every update.
 */
export function AppRouter({ router }: { router: AppRouterInstance }) {
  const [mount, setMount] = useState(0);
  const renderedState = router.state;
  useLayoutEffect(() => {
    // Children's layout effects run first, so the provider has subscribed by now. The new mount must
    // render before the browser paints the older state, hence a state update in a layout effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (router.state !== renderedState) setMount((count) => count + 1);
  }, [router, renderedState]);
  return <RouterProvider key={mount} router={router} />;
}
