import type { ComponentType } from 'react';
import { Navigate, redirect, type RouteObject } from 'react-router';
import { isAdminLoggedIn } from '../../stores/admin-session-store';

/** Lazily loads a console page's named component: the console is its own set of chunks. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

export const ADMIN_PATHS = {
  login: '/admin/login',
  dashboard: '/admin/dashboard',
  users: '/admin/users',
  files: '/admin/files',
  dmca: '/admin/dmca',
  messages: '/admin/messages',
  audit: '/admin/audit',
} as const;

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
      lazy: lazyPage(
        () => import('./login/admin-login-page'),
        (m) => m.AdminLoginPage,
      ),
    },
    {
      loader: requireAdmin,
      shouldRevalidate: () => true,
      lazy: lazyPage(
        () => import('./layout/admin-layout'),
        (m) => m.AdminLayout,
      ),
      children: [
        {
          index: true,
          loader: () => redirect(ADMIN_PATHS.dashboard),
          element: <Navigate to={ADMIN_PATHS.dashboard} replace />,
        },
        {
          path: 'dashboard',
          lazy: lazyPage(
            () => import('./dashboard/dashboard-page'),
            (m) => m.DashboardPage,
          ),
        },
        {
          path: 'users',
          lazy: lazyPage(
            () => import('./users/users-page'),
            (m) => m.UsersPage,
          ),
        },
        {
          path: 'files',
          lazy: lazyPage(
            () => import('./files/files-page'),
            (m) => m.FilesPage,
          ),
        },
        {
          path: 'dmca',
          lazy: lazyPage(
            () => import('./dmca/dmca-complaints-page'),
            (m) => m.DmcaComplaintsPage,
          ),
        },
        {
          path: 'messages',
          lazy: lazyPage(
            () => import('./messages/messages-page'),
            (m) => m.MessagesPage,
          ),
        },
        {
          path: 'audit',
          lazy: lazyPage(
            () => import('./audit/audit-page'),
            (m) => m.AuditPage,
          ),
        },
      ],
    },
  ],
};
