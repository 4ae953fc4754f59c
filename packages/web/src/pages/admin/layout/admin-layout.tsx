import { App, Button, Flex, Layout, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LogoutIcon, MenuIcon, UserIcon } from '../shared/admin-icons';
import { adminLogout, registerAdminFailureHandler } from '../../../api/admin-client';
import { adminKeys } from '../../../api/admin/session-api';
import { QueryScope } from '../../../api/query-scope';
import { queryClient } from '../../../api/query-client';
import { LanguageSwitch } from '../../../layout/navbar/language-switch';
import { ThemeToggle } from '../../../layout/navbar/theme-toggle';
import { useDocumentTitle } from '../../../router/use-page-title';
import { useAdminSessionStore } from '../../../stores/admin-session-store';
import { useViewport } from '../../../utils/use-viewport';
import { ADMIN_PATHS } from '../admin-paths';
import { adminErrorMessage, loginPathFor } from './admin-failure';
import { AdminBrand, AdminMenu, adminMenuItemAt } from './admin-menu';
import { AdminMenuDrawer } from './admin-menu-drawer';
import './admin-layout.css';

/** How long an error toast stays (seconds). */
const ERROR_SECONDS = 5;
/** setTimeout's longest delay; a later expiry is checked again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Failed calls: 401 leads to the login (and back after), others show their message for 5 s. */
function useFailureHandler() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(
    () =>
      registerAdminFailureHandler({
        loggedOut: () => {
          void message.warning({ key: 'admin-logged-out', content: t('errors.loginExpired') });
          queryClient.removeQueries({ queryKey: adminKeys.all });
          void navigate(loginPathFor(locationRef.current), { replace: true });
        },
        failed: (error) => {
          void message.error({ content: adminErrorMessage(error, t), duration: ERROR_SECONDS });
        },
      }),
    [message, navigate, t],
  );
}

/** When the admin token's time is up, the session ends and the login page opens. */
function useExpiryWatcher(loggingOut: { current: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const expiresTime = useAdminSessionStore((s) => s.expiresTime);
  const token = useAdminSessionStore((s) => s.token);
  const locationRef = useRef(location);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    if (!token) {
      if (loggingOut.current) return undefined;
      void navigate(loginPathFor(locationRef.current), { replace: true });
      return undefined;
    }
    if (!expiresTime) return undefined;
    const left = new Date(expiresTime).getTime() - Date.now();
    const timer = window.setTimeout(
      () => {
        if (new Date(expiresTime).getTime() > Date.now()) {
          setTick((n) => n + 1);
          return;
        }
        useAdminSessionStore.getState().clearSession();
        queryClient.removeQueries({ queryKey: adminKeys.all });
        void message.warning({ key: 'admin-logged-out', content: t('errors.loginExpired') });
      },
      Math.min(Math.max(left, 0), MAX_DELAY_MS),
    );
    return () => window.clearTimeout(timer);
  }, [token, expiresTime, tick, navigate, message, t, loggingOut]);
}

function AdminShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const admin = useAdminSessionStore((s) => s.admin);
  const { narrow } = useViewport();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loggingOut = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const { message } = App.useApp();
  useFailureHandler();
  useExpiryWatcher(loggingOut);

  // A window widened past the drawer's width leaves it closed, not waiting to reopen.
  if (!narrow && drawerOpen) setDrawerOpen(false);

  const selected = adminMenuItemAt(location.pathname);
  useDocumentTitle(selected ? t(selected.label) : null, t('admin.title'));

  // In a narrow window the button opens the menu drawer; on a desktop it folds the side bar.
  const menuButton = narrow
    ? { label: t('admin.layout.openMenu'), expanded: drawerOpen, onClick: () => setDrawerOpen(true) }
    : {
        label: collapsed ? t('admin.layout.expandMenu') : t('admin.layout.collapseMenu'),
        expanded: undefined,
        onClick: () => setCollapsed(!collapsed),
      };

  /**
   * Ends the session on the server, then here, and opens the login. When the server cannot
   * confirm it, the console stays open and says so: the admin may try again.
   */
  const logout = async () => {
    setLeaving(true);
    loggingOut.current = true;
    if (!(await adminLogout())) {
      loggingOut.current = false;
      setLeaving(false);
      void message.error({ content: t('admin.layout.logoutFailed'), duration: ERROR_SECONDS });
      return;
    }
    queryClient.removeQueries({ queryKey: adminKeys.all });
    void navigate(ADMIN_PATHS.login, { replace: true });
  };

  return (
    <Layout className="rl-admin" data-testid="admin-layout">
      {!narrow && (
        <Layout.Sider
          className="rl-admin__sider"
          theme="light"
          width={208}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          trigger={null}
          breakpoint="lg"
        >
          <AdminBrand compact={collapsed} />
          <AdminMenu />
        </Layout.Sider>
      )}
      <Layout className="rl-admin__main">
        <Layout.Header className="rl-admin__header">
          <Flex align="center" gap={8}>
            <Button
              type="text"
              icon={<MenuIcon />}
              aria-label={menuButton.label}
              aria-expanded={menuButton.expanded}
              onClick={menuButton.onClick}
              data-testid="admin-menu-button"
            />
            <Typography.Text strong className="rl-admin__title">
              {selected ? t(selected.label) : t('admin.title')}
            </Typography.Text>
          </Flex>
          <Flex align="center" gap={4}>
            <Typography.Text className="rl-admin__user" data-testid="admin-username">
              <UserIcon /> {admin?.username}
            </Typography.Text>
            <LanguageSwitch />
            <ThemeToggle />
            <Tooltip title={t('admin.layout.logout')}>
              <Button
                type="text"
                icon={<LogoutIcon />}
                aria-label={t('admin.layout.logout')}
                loading={leaving}
                onClick={() => void logout()}
                data-testid="admin-logout"
              />
            </Tooltip>
          </Flex>
        </Layout.Header>
        <Layout.Content className="rl-admin__content">
          <h1 className="rl-visually-hidden">{selected ? t(selected.label) : t('admin.title')}</h1>
          <Outlet />
        </Layout.Content>
      </Layout>
      {narrow && <AdminMenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
    </Layout>
  );
}

/**
 * The console's own shell under `/admin` (not the user app's): side menu (a drawer opened from the
 * header in a narrow window), header with the admin, language, theme and logout; its toasts and
 * confirmations (antd App), its data cache.
 */
export function AdminLayout() {
  return (
    <App className="rl-admin-app">
      <QueryScope>
        <AdminShell />
      </QueryScope>
    </App>
  );
}
