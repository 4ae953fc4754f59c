import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { AppLayout } from '../layout/app-layout';
import { ADMIN_ROUTES } from '../pages/admin/admin-routes';
import { FilePage } from '../pages/home/file/file-page';
import { startSearch } from '../pages/home/file/start-search';
import { RouteErrorPage } from '../pages/route-error-page';
import { guardLoader, revalidateOnPathChange } from './guard-loader';
import { sitePath } from './site-path';
import { PATHS, type RouteName } from './route-meta';

/** What every matched route carries in `handle`; the tab bar and breadcrumb read it. */
export interface RouteHandle {
  name: RouteName;
}

/** A named route behind the guards; `whenAllowed` may start the page's data early. */
function guarded(
  name: RouteName,
  route: Omit<RouteObject, 'loader' | 'handle' | 'children' | 'index'>,
  whenAllowed?: (args: LoaderFunctionArgs) => void,
): RouteObject {
  const guard = guardLoader(name);
  return {
    ...route,
    handle: { name } satisfies RouteHandle,
    loader: async (args: LoaderFunctionArgs) => {
      const denied = await guard(args);
      if (!denied) whenAllowed?.(args);
      return denied;
    },
    shouldRevalidate: revalidateOnPathChange,
  };
}

/** Lazily loads a page module's named component, so each later page is its own chunk. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** An index route that only leads on: the loader redirects before anything renders. */
const leadTo = (path: string): RouteObject => ({
  index: true,
  loader: () => redirect(path),
  element: <Navigate to={path} replace />,
});

export const APP_ROUTES: RouteObject[] = [
  // The console's chunk loads before its first render, as a page's guards run before the app's.
  { ...ADMIN_ROUTES, errorElement: <RouteErrorPage />, hydrateFallbackElement: <div className="rl-boot" /> },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // The guards run before the first render; nothing to show for those few milliseconds.
    hydrateFallbackElement: <div className="rl-boot" />,
    children: [
      leadTo(PATHS.file),
      {
        path: 'home',
        children: [
          leadTo(PATHS.file),
          guarded('File', { path: 'file', element: <FilePage /> }, startSearch),
          guarded('Company', {
            path: 'company/:ticker',
            lazy: lazyPage(
              () => import('../pages/home/company/company-page'),
              (m) => m.CompanyPage,
            ),
          }),
        ],
      },
      {
        path: 'my',
        children: [
          leadTo(PATHS.upload),
          guarded('Upload', {
            path: 'upload',
            lazy: lazyPage(
              () => import('../pages/my/upload-page'),
              (m) => m.UploadPage,
            ),
          }),
          guarded('Bookmarks', {
            path: 'bookmarks',
            lazy: lazyPage(
              () => import('../pages/my/bookmarks-page'),
              (m) => m.BookmarksPage,
            ),
          }),
          guarded('Inbox', {
            path: 'inbox',
            lazy: lazyPage(
              () => import('../pages/my/inbox/inbox-page'),
              (m) => m.InboxPage,
            ),
          }),
          guarded('Follows', {
            path: 'follows',
            lazy: lazyPage(
              () => import('../pages/my/follows/follows-page'),
              (m) => m.FollowsPage,
            ),
          }),
          guarded('Downloads', {
            path: 'downloads',
            lazy: lazyPage(
              () => import('../pages/my/downloads/downloads-page'),
              (m) => m.DownloadsPage,
            ),
          }),
          guarded('Settings', {
            path: 'settings',
            lazy: lazyPage(
              () => import('../pages/my/settings/settings-page'),
              (m) => m.SettingsPage,
            ),
          }),
          guarded('ContactUs', {
            path: 'contact-us',
            lazy: lazyPage(
              () => import('../pages/my/contact-us-page'),
              (m) => m.ContactUsPage,
            ),
          }),
        ],
      },
      guarded('Subscription', {
        path: 'subscription',
        lazy: lazyPage(
          () => import('../pages/subscription/subscription-page'),
          (m) => m.SubscriptionPage,
        ),
      }),
      guarded('DMCA', {
        path: 'dmca',
        lazy: lazyPage(
          () => import('../pages/dmca/dmca-page'),
          (m) => m.DmcaPage,
        ),
      }),
      {
        path: 'redirect/*',
        handle: { name: 'Redirect' } satisfies RouteHandle,
        loader: async (args) => {
          const denied = await guardLoader('Redirect')(args);
          if (denied) return denied;
          const url = new URL(args.request.url);
          return redirect(sitePath(args.params['*'] ?? '', url.search, url.hash));
        },
      },
      guarded('notAuthorized', {
        path: '403/not-authorized',
        lazy: lazyPage(
          () => import('../pages/not-authorized/not-authorized-page'),
          (m) => m.NotAuthorizedPage,
        ),
      }),
      {
        path: '*',
        handle: { name: 'notFound' } satisfies RouteHandle,
        lazy: lazyPage(
          () => import('../pages/not-found/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES);
}
