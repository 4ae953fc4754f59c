import type { ServerMenuItem } from '../stores/app-settings-store';
import { leafRoutes, ROUTE_TABLE, type RouteMeta, type RouteName } from './route-meta';

/** Routes an unauthenticated visitor may reach (SPEC.md section 2). */
export const WHITELIST: readonly RouteName[] = [
  'File',
  'Company',
  'Upload',
  'Bookmarks',
  'Downloads',
  'Inbox',
  'Follows',
  'Settings',
  'ContactUs',
  'DMCA',
  'notAuthorized',
  'notFound',
];

/** Routes that stay reachable whatever the server menu says. */
const OUTSIDE_SERVER_MENU: readonly RouteName[] = [
  'File',
  'Company',
  'DMCA',
  'Redirect',
  'notAuthorized',
  'notFound',
];

export interface GuardContext {
  loggedIn: boolean;
  roles: string[];
  menuFromServer: boolean;
  serverMenu: ServerMenuItem[];
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: RouteName; reason: 'login' | 'role' | 'serverMenu' | 'unknown' };

/** A route with a roles list is allowed if the list has `*` or one of the user's roles. */
export function rolesAllow(route: Pick<RouteMeta, 'roles'>, roles: string[]): boolean {
  if (!route.roles) return true;
  return route.roles.includes('*') || route.roles.some((role) => roles.includes(role));
}

/** The first menu route the user may open, if any. */
export function firstPermittedRoute(
  context: GuardContext,
  routes: RouteMeta[] = ROUTE_TABLE,
): RouteName | null {
  const candidate = leafRoutes(routes).find(
    (route) =>
      !route.hideInMenu &&
      (context.loggedIn || WHITELIST.includes(route.name)) &&
      rolesAllow(route, context.roles) &&
      inServerMenu(route.name, context),
  );
  return candidate?.name ?? null;
}

/** Every route name of a server menu, children included. */
export function serverMenuNames(menu: ServerMenuItem[]): Set<string> {
  const names = new Set<string>();
  const queue = [...menu];
  while (queue.length) {
    const item = queue.shift()!;
    names.add(item.name);
    queue.push(...(item.children ?? []));
  }
  return names;
}

function inServerMenu(name: RouteName, context: GuardContext): boolean {
  if (!context.menuFromServer || context.serverMenu.length === 0) return true;
  return OUTSIDE_SERVER_MENU.includes(name) || serverMenuNames(context.serverMenu).has(name);
}

/**
 * The navigation guards of SPEC.md section 2, in order: the login whitelist, the server menu,
 * then the roles of the route.
 */
export function decideNavigation(
  target: RouteName,
  context: GuardContext,
  routes: RouteMeta[] = ROUTE_TABLE,
): GuardDecision {
  const route = leafRoutes(routes).find((entry) => entry.name === target);
  if (!route) return { kind: 'redirect', to: 'notFound', reason: 'unknown' };
  if (!context.loggedIn) {
    if (WHITELIST.includes(target) && !route.requiresAuth) return { kind: 'allow' };
    return { kind: 'redirect', to: 'File', reason: 'login' };
  }
  if (!inServerMenu(target, context)) return { kind: 'redirect', to: 'notFound', reason: 'serverMenu' };
  if (rolesAllow(route, context.roles)) return { kind: 'allow' };
  return { kind: 'redirect', to: firstPermittedRoute(context, routes) ?? 'notAuthorized', reason: 'role' };
}
