import { useMatches } from 'react-router';
import { isRouteName, routeMeta, type RouteMeta } from './route-meta';

/** The deepest matched route that carries a route name, with its meta. */
export function useCurrentRoute(): RouteMeta | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i]?.handle as { name?: unknown } | undefined)?.name;
    if (isRouteName(name)) return routeMeta(name);
  }
  return null;
}
