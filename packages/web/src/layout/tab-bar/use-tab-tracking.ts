import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../../router/use-current-route';
import { useTabBarStore } from '../../stores/tab-bar-store';

/** Keeps a tab for each visited route (not for routes marked `noTab`, such as Redirect). */
export function useTabTracking(): void {
  const route = useCurrentRoute();
  const { pathname, search } = useLocation();
  const visit = useTabBarStore((s) => s.visit);
  useEffect(() => {
    if (!route || route.noTab) return;
    visit({
      title: route.title,
      name: route.name,
      fullPath: `${pathname}${search}`,
      query: Object.fromEntries(new URLSearchParams(search)),
      ignoreCache: route.ignoreCache ?? false,
    });
  }, [route, pathname, search, visit]);
}
