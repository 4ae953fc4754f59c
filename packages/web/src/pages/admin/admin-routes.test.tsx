import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAdminSessionStore } from '../../stores/admin-session-store';
import { recordFetch } from '../../test/fetch-recorder';
import { renderRoutes } from '../../test/render';
import { ADMIN_ROUTES } from './admin-routes';
import {
  buildAdminUser,
  loadSchemas,
  loginAdmin,
  paged,
  press,
  resetAdmin,
  TEST_ADMIN,
} from './shared/admin-test-utils';

const USERS = '/api/manage/user/list';
const LOGOUT = '/api/manage/admin/logout';

describe('the console routes, guard and layout', { timeout: 20_000 }, () => {
  beforeAll(loadSchemas);
  afterEach(() => {
    resetAdmin();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a visitor without an admin session to the console login, with the way back', async () => {
    const http = recordFetch({});
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users?status=disabled');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/admin/users?status=disabled',
    );
    await screen.findByTestId('admin-login-page');
    expect(http.calls).toHaveLength(0);
  });

  it('treats an expired admin session as none', async () => {
    recordFetch({});
    loginAdmin(new Date(Date.now() - 1000).toISOString());
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('shows the layout to an admin: menu following the route, the admin, the admin token on calls', async () => {
    const http = recordFetch({ [USERS]: { body: paged('user_list', [buildAdminUser()]) } });
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    expect(screen.getByTestId('admin-username').textContent).toContain(TEST_ADMIN.username);
    const menu = screen.getByTestId('admin-menu');
    expect(within(menu).getByText('Users').closest('li')?.className).toContain('ant-menu-item-selected');
    await waitFor(() => expect(http.to(USERS)).toHaveLength(1));
    expect(http.to(USERS)[0]!.headers.get('Authorization')).toBe('Bearer admin-token');

    await press(within(menu).getByText('Audit log'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/audit'));
    await waitFor(() =>
      expect(within(menu).getByText('Audit log').closest('li')?.className).toContain(
        'ant-menu-item-selected',
      ),
    );
  });

  it('opens the glossary from its menu entry', async () => {
    const GLOSSARY = '/api/manage/glossary/list';
    const http = recordFetch({
      [USERS]: { body: paged('user_list', []) },
      [GLOSSARY]: {
        body: { items: [], total_items: 0, page_id: 1, page_length: 50, active_terms: 2105 },
      },
    });
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    const menu = screen.getByTestId('admin-menu');
    await press(within(menu).getByText('Glossary'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/glossary'));
    await screen.findByTestId('admin-glossary-page');
    expect(within(menu).getByText('Glossary').closest('li')?.className).toContain('ant-menu-item-selected');
    await waitFor(() => expect(http.to(GLOSSARY)).toHaveLength(1));
    expect(http.to(GLOSSARY)[0]!.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('leads /admin to the dashboard', async () => {
    recordFetch({});
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('on a 401 from any call clears the session and leads to the login, and back after', async () => {
    recordFetch({ [USERS]: { status: 401, body: { error_msg: 'Login expired, please login again' } } });
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users?page=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/users?page=3');
    expect(useAdminSessionStore.getState().token).toBeNull();
    expect(await screen.findByText('Login expired, please login again')).toBeTruthy();
  });

  it('shows any other failure as a message', async () => {
    recordFetch({ [USERS]: { status: 500, body: { error_msg: 'Database unavailable' } } });
    loginAdmin();
    renderRoutes([ADMIN_ROUTES], '/admin/users');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(useAdminSessionStore.getState().token).toBe('admin-token');
  });

  it('logs out: the server ends the session, then it is cleared here and the login opens', async () => {
    const http = recordFetch({
      [USERS]: { body: paged('user_list', []) },
      [LOGOUT]: { body: { ok: true } },
    });
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    await press(screen.getByTestId('admin-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe('');
    expect(useAdminSessionStore.getState().token).toBeNull();
    expect(http.to(LOGOUT)).toHaveLength(1);
    expect(http.to(LOGOUT)[0]!.method).toBe('POST');
    expect(http.to(LOGOUT)[0]!.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('logs out a session the server had ended already (401)', async () => {
    recordFetch({
      [USERS]: { body: paged('user_list', []) },
      [LOGOUT]: { status: 401, body: { error_msg: 'Login expired, please login again' } },
    });
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    await press(screen.getByTestId('admin-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(useAdminSessionStore.getState().token).toBeNull();
  });

  it('stays logged in and says so when the server does not confirm the logout; a retry works', async () => {
    let serverUp = false;
    const http = recordFetch({
      [USERS]: { body: paged('user_list', []) },
      [LOGOUT]: () =>
        serverUp ? { body: { ok: true } } : { status: 503, body: { error_msg: 'Database unavailable' } },
    });
    loginAdmin();
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    await press(screen.getByTestId('admin-logout'));
    expect(
      await screen.findByText(
        'The server did not confirm the logout; try again. An unused session also ends by itself.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(useAdminSessionStore.getState().token).toBe('admin-token');
    serverUp = true;
    await press(screen.getByTestId('admin-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(useAdminSessionStore.getState().token).toBeNull();
    expect(http.to(LOGOUT)).toHaveLength(2);
  });

  it('ends the session when its time is up', async () => {
    recordFetch({ [USERS]: { body: paged('user_list', []) } });
    loginAdmin(new Date(Date.now() + 1500).toISOString());
    const { router } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), { timeout: 5_000 });
    expect(useAdminSessionStore.getState().token).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/users');
  });
});
