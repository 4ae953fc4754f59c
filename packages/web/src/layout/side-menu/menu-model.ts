import { rolesAllow, serverMenuNames, type GuardContext } from '../../router/guards';
import { ROUTE_TABLE, type RouteMeta } from '../../router/route-meta';

/** One visible menu entry: a page, or a group of pages. */
export interface MenuEntry {
  route: RouteMeta;
  children: MenuEntry[];
}

function serverNames(context: GuardContext): Set<string> | null {
  if (!context.menuFromServer || context.serverMenu.length === 0) return null;
  return serverMenuNames(context.serverMenu);
}

/**
 * The menu from the route table: entries hidden from the menu, or not allowed for the user's
 * roles, or absent from the server menu (when the menu comes from the server) are left out; a
 * group with a single visible page shows as that page.
 */
export function buildMenu(context: GuardContext, routes: RouteMeta[] = ROUTE_TABLE): MenuEntry[] {
  const names = serverNames(context);
  const visit = (list: RouteMeta[]): MenuEntry[] =>
    [...list]
      .sort((a, b) => (a.order ?? 99) - (b.order ?? 99))
      .filter((route) => !route.hideInMenu && (!context.loggedIn || rolesAllow(route, context.roles)))
      .flatMap((route): MenuEntry[] => {
        if (!route.children) return names && !names.has(route.name) ? [] : [{ route, children: [] }];
        const children = visit(route.children);
        if (children.length === 0) return [];
        if (children.length === 1) return children;
        return [{ route, children }];
      });
  return visit(routes);
}
