import { Navigate, redirect, type RouteObject } from 'react-router';
import { isAdminLoggedIn } from '../../stores/admin-session-store';
import type { AdminPageName } from './admin-console';
import { ADMIN_PATHS } from './admin-paths';

/** The console's core (login, layout, shared parts): one chunk, loaded on the first console page. */
const loadConsole = () => import('./admin-console');

/** A console page, imported from the core (see admin-console.ts): each is its own chunk. */
function lazyPage(name: AdminPageName) {
  return async () => ({ Component: await (await loadConsole()).ADMIN_PAGES[name]() });
}

/** Without a live admin session every console page leads to the console's login, and back after. */
function requireAdmin({ request }: { request: Request }) {
  if (isAdminLoggedIn()) return null;
  const url = new URL(request.url);
  return redirect(`${ADMIN_PATHS.login}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The administrator console under `/admin`: its own login and layout, outside the user app's shell. */
export const ADMIN_ROUTES: RouteObject = {
  path: '/admin',
  children: [
    {
      path: 'login',
      lazy: async () => ({ Component: (await loadConsole()).AdminLoginPage }),
    },
    {
      loader: requireAdmin,
      shouldRevalidate: () => true,
      lazy: async () => ({ Component: (await loadConsole()).AdminLayout }),
      children: [
        {
          index: true,
          loader: () => redirect(ADMIN_PATHS.dashboard),
          element: <Navigate to={ADMIN_PATHS.dashboard} replace />,
        },
        {
          path: 'dashboard',
          lazy: lazyPage('dashboard'),
        },
        {
          path: 'users',
          lazy: lazyPage('users'),
        },
        {
          path: 'files',
          lazy: lazyPage('files'),
        },
        {
          path: 'dmca',
          lazy: lazyPage('dmca'),
        },
        {
          path: 'messages',
          lazy: lazyPage('messages'),
        },
        {
          path: 'digests',
          lazy: lazyPage('digests'),
        },
        {
          path: 'glossary',
          lazy: lazyPage('glossary'),
        },
        {
          path: 'companies',
          lazy: lazyPage('companies'),
        },
        {
          path: 'audit',
          lazy: lazyPage('audit'),
        },
      ],
    },
  ],
};
