import type { MessageKey } from '../locale/en-US';

/** Named routes (SPEC.md section 2). */
export type RouteName =
  | 'Home'
  | 'File'
  | 'Company'
  | 'My'
  | 'Upload'
  | 'Bookmarks'
  | 'Downloads'
  | 'Inbox'
  | 'Follows'
  | 'Settings'
  | 'ContactUs'
  | 'Subscription'
  | 'DMCA'
  | 'Redirect'
  | 'notAuthorized'
  | 'notFound';

export type MenuIconName = 'file' | 'user' | 'crown';

/** One entry of the route table; it drives the guards, the menu, the tab bar and the breadcrumb. */
export interface RouteMeta {
  name: RouteName;
  /** Absolute path; a group's path is the prefix of its children. */
  path: string;
  title: MessageKey;
  requiresAuth?: boolean;
  /** Roles allowed; `*` allows everyone. Absent means no role rule. */
  roles?: string[];
  /** Position in the menu. */
  order?: number;
  icon?: MenuIconName;
  hideInMenu?: boolean;
  /** Never kept as a tab. */
  noTab?: boolean;
  ignoreCache?: boolean;
  children?: RouteMeta[];
}

export const PATHS = {
  file: '/home/file',
  /** One company's page: `${PATHS.company}/0700.HK` (companyPath). */
  company: '/home/company',
  upload: '/my/upload',
  bookmarks: '/my/bookmarks',
  downloads: '/my/downloads',
  /** New reports of what I follow. */
  inbox: '/my/inbox',
  /** What I follow: companies, brokers, sectors, analysts and saved searches. */
  follows: '/my/follows',
  settings: '/my/settings',
  contactUs: '/my/contact-us',
  subscription: '/subscription',
  dmca: '/dmca',
  redirect: '/redirect',
  notAuthorized: '/403/not-authorized',
  /** Not a declared route: it falls through to the not-found page. */
  notFound: '/not-found',
} as const;

/** The application's routes, in menu order. */
export const ROUTE_TABLE: RouteMeta[] = [
  {
    name: 'Home',
    path: '/home',
    title: 'menu.home',
    order: 0,
    icon: 'file',
    children: [
      { name: 'File', path: PATHS.file, title: 'menu.file', roles: ['*'], icon: 'file', order: 0 },
      // Reached from a company's name or ticker, never from the menu.
      { name: 'Company', path: PATHS.company, title: 'company.route', roles: ['*'], hideInMenu: true },
    ],
  },
  {
    name: 'My',
    path: '/my',
    title: 'menu.my',
    order: 1,
    icon: 'user',
    children: [
      { name: 'Upload', path: PATHS.upload, title: 'menu.my.upload', roles: ['*'], order: 0 },
      { name: 'Bookmarks', path: PATHS.bookmarks, title: 'menu.my.bookmarks', roles: ['*'], order: 1 },
      { name: 'Inbox', path: PATHS.inbox, title: 'menu.my.inbox', roles: ['*'], order: 2 },
      { name: 'Follows', path: PATHS.follows, title: 'menu.my.follows', roles: ['*'], order: 3 },
      { name: 'Downloads', path: PATHS.downloads, title: 'menu.my.downloads', roles: ['*'], order: 4 },
      { name: 'Settings', path: PATHS.settings, title: 'menu.my.settings', roles: ['*'], hideInMenu: true },
      {
        name: 'ContactUs',
        path: PATHS.contactUs,
        title: 'menu.my.contactUs',
        roles: ['*'],
        hideInMenu: true,
      },
    ],
  },
  {
    name: 'Subscription',
    path: PATHS.subscription,
    title: 'menu.subscription',
    requiresAuth: true,
    roles: ['*'],
    order: 2,
    icon: 'crown',
  },
  { name: 'DMCA', path: PATHS.dmca, title: 'menu.dmca', hideInMenu: true },
  {
    name: 'Redirect',
    path: PATHS.redirect,
    title: 'menu.redirect',
    requiresAuth: true,
    hideInMenu: true,
    noTab: true,
  },
  { name: 'notAuthorized', path: PATHS.notAuthorized, title: 'menu.notAuthorized', hideInMenu: true },
  { name: 'notFound', path: PATHS.notFound, title: 'menu.notFound', hideInMenu: true, noTab: true },
];

/** Every route with its ancestors, depth first. */
function walk(
  routes: RouteMeta[],
  ancestors: RouteMeta[] = [],
): { route: RouteMeta; ancestors: RouteMeta[] }[] {
  return routes.flatMap((route) => [
    { route, ancestors },
    ...walk(route.children ?? [], [...ancestors, route]),
  ]);
}

const INDEX = new Map(walk(ROUTE_TABLE).map((entry) => [entry.route.name, entry]));

export function routeMeta(name: RouteName): RouteMeta {
  const entry = INDEX.get(name);
  if (!entry) throw new Error(`Unknown route ${name}`);
  return entry.route;
}

/** The route and its ancestors, outermost first (for the breadcrumb). */
export function routeTrail(name: RouteName): RouteMeta[] {
  const entry = INDEX.get(name);
  return entry ? [...entry.ancestors, entry.route] : [];
}

/** Routes that render a page (no children), in menu order. */
export function leafRoutes(routes: RouteMeta[] = ROUTE_TABLE): RouteMeta[] {
  const byOrder = [...routes].sort((a, b) => (a.order ?? 99) - (b.order ?? 99));
  return byOrder.flatMap((route) => (route.children ? leafRoutes(route.children) : [route]));
}

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && INDEX.has(value as RouteName);
}

/** The page of the company with this canonical ticker. */
export const companyPath = (ticker: string): string => `${PATHS.company}/${encodeURIComponent(ticker)}`;
