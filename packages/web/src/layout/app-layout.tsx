import { Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CatalogueBridge } from '../components/catalogue-bridge/catalogue-bridge';
import { LazyOverlays } from '../components/lazy-overlays/lazy-overlays';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { useViewport } from '../utils/use-viewport';
import { AppBreadcrumb } from './app-breadcrumb';
import './app-layout.css';
import { Navbar } from './navbar/navbar';
import { PageFooter } from './page-footer';
import { PageHeading } from './page-heading';
import { AppMenu } from './side-menu/app-menu';
import { TabBar } from './tab-bar/tab-bar';
import { useTabTracking } from './tab-bar/use-tab-tracking';
import { usePageTitle } from '../router/use-page-title';

const SettingsDrawer = lazy(() =>
  import('./settings-drawer/settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);
const MenuDrawer = lazy(() =>
  import('./side-menu/menu-drawer').then((module) => ({ default: module.MenuDrawer })),
);
const SettingsFloatButton = lazy(() =>
  import('./settings-drawer/settings-float-button').then((module) => ({
    default: module.SettingsFloatButton,
  })),
);

/**
 * The shell: navbar, side menu, tab bar, breadcrumb, page and footer, each switchable in the
 * settings. In a narrow window the menu is a drawer opened from the navbar (which then always
 * shows, as it holds the menu button); a phone also leaves out the tab bar and the breadcrumb.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { narrow, phone } = useViewport();
  const navbar = useAppSettingsStore((s) => s.navbar) || narrow;
  const menuOn = useAppSettingsStore((s) => s.menu && !s.hideMenu);
  const menu = useAppSettingsStore((s) => s.menu && !s.topMenu && !s.hideMenu) && !narrow;
  const menuWidth = useAppSettingsStore((s) => s.menuWidth);
  const menuCollapse = useAppSettingsStore((s) => s.menuCollapse);
  const tabBar = useAppSettingsStore((s) => s.tabBar) && !phone;
  const footer = useAppSettingsStore((s) => s.footer);
  const updateSettings = useAppSettingsStore((s) => s.updateSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [menuDrawerOpen, setMenuDrawerOpen] = useState(false);
  const [menuDrawerLoaded, setMenuDrawerLoaded] = useState(false);
  useTabTracking();
  usePageTitle();

  const openSettings = () => {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  };
  const openMenuDrawer = () => {
    setMenuDrawerLoaded(true);
    setMenuDrawerOpen(true);
  };
  const menuButton = narrow && menuOn;

  return (
    <Layout className="rl-app">
      {navbar && (
        <Navbar onOpenSettings={openSettings} onOpenMenu={menuButton ? openMenuDrawer : undefined} />
      )}
      <Layout className="rl-app__body" hasSider={menu}>
        {menu && (
          <Layout.Sider
            className="rl-app__sider"
            theme="light"
            width={menuWidth}
            collapsible
            collapsed={menuCollapse}
            onCollapse={(collapsed) => updateSettings({ menuCollapse: collapsed })}
            aria-label={t('navbar.menu')}
            data-testid="side-menu"
          >
            <AppMenu mode="inline" />
          </Layout.Sider>
        )}
        <Layout className="rl-app__main">
          {tabBar && <TabBar />}
          <Layout.Content className="rl-app__content">
            <PageHeading />
            {!phone && <AppBreadcrumb />}
            <div className="rl-app__page">
              <Outlet />
            </div>
          </Layout.Content>
          {footer && <PageFooter />}
        </Layout>
      </Layout>
      {!navbar && (
        <Suspense fallback={null}>
          <SettingsFloatButton onClick={openSettings} />
        </Suspense>
      )}
      {menuButton && menuDrawerLoaded && (
        <Suspense fallback={null}>
          <MenuDrawer open={menuDrawerOpen} onClose={() => setMenuDrawerOpen(false)} />
        </Suspense>
      )}
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <CatalogueBridge />
      <LazyOverlays />
    </Layout>
  );
}
