import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { fakeWindowWidth } from '../../../test/window-width';
import { renderRoutes } from '../../../test/render';
import { ADMIN_ROUTES } from '../admin-routes';
import {
  buildAdminUser,
  loadSchemas,
  loginAdmin,
  paged,
  press,
  resetAdmin,
} from '../shared/admin-test-utils';

const USERS = '/api/manage/user/list';

describe('the console layout by window width', { timeout: 20_000 }, () => {
  beforeAll(loadSchemas);
  let viewport: ReturnType<typeof fakeWindowWidth> | null = null;
  afterEach(() => {
    resetAdmin();
    viewport?.restore();
  });

  it('on a phone has no side bar: the header button opens the menu in a drawer, a choice closes it', async () => {
    viewport = fakeWindowWidth(390);
    recordFetch({ [USERS]: { body: paged('user_list', [buildAdminUser()]) } });
    loginAdmin();
    const { router, container } = renderRoutes([ADMIN_ROUTES], '/admin/dashboard');
    await screen.findByTestId('admin-layout');
    expect(container.querySelector('.ant-layout-sider')).toBeNull();
    expect(screen.queryByTestId('admin-menu')).toBeNull();

    const button = screen.getByTestId('admin-menu-button');
    expect(button.getAttribute('aria-label')).toBe('Open the menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await press(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const drawer = await screen.findByTestId('admin-menu-drawer');
    const menu = within(drawer).getByTestId('admin-menu');
    expect(within(drawer).getByText('Admin console')).toBeTruthy();
    expect(within(menu).getByText('Dashboard').closest('li')?.className).toContain('ant-menu-item-selected');

    await press(within(menu).getByText('Users'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await screen.findByTestId('admin-users-page');
  });

  it('on a desktop keeps the side bar with its fold button and no drawer', async () => {
    viewport = fakeWindowWidth(1440);
    recordFetch({ [USERS]: { body: paged('user_list', []) } });
    loginAdmin();
    const { container } = renderRoutes([ADMIN_ROUTES], '/admin/users');
    await screen.findByTestId('admin-users-page');
    expect(container.querySelector('.ant-layout-sider')).not.toBeNull();
    expect(screen.getByTestId('admin-menu')).toBeTruthy();
    const button = screen.getByTestId('admin-menu-button');
    expect(button.getAttribute('aria-label')).toBe('Collapse the menu');
    await press(button);
    expect(button.getAttribute('aria-label')).toBe('Expand the menu');
    expect(screen.queryByTestId('admin-menu-drawer')).toBeNull();
  });
});
