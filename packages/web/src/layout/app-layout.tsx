import { Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { CatalogueBridge } from '../components/catalogue-bridge/catalogue-bridge';
import { LazyOverlays } from '../components/lazy-overlays/lazy-overlays';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { AppBreadcrumb } from './app-breadcrumb';
import './app-layout.css';
import { Navbar } from './navbar/navbar';
import { PageFooter } from './page-footer';
import { AppMenu } from './side-menu/app-menu';
import { TabBar } from './tab-bar/tab-bar';
import { useTabTracking } from './tab-bar/use-tab-tracking';

const SettingsDrawer = lazy(() =>
  import('./settings-drawer/settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);
const SettingsFloatButton = lazy(() =>
  import('./settings-drawer/settings-float-button').then((module) => ({
    default: module.SettingsFloatButton,
  })),
);

/** The shell: navbar, side menu, tab bar, breadcrumb, page and footer, each switchable in the settings. */
export function AppLayout() {
  const navbar = useAppSettingsStore((s) => s.navbar);
  const menu = useAppSettingsStore((s) => s.menu && !s.topMenu && !s.hideMenu);
  const menuWidth = useAppSettingsStore((s) => s.menuWidth);
  const menuCollapse = useAppSettingsStore((s) => s.menuCollapse);
  const tabBar = useAppSettingsStore((s) => s.tabBar);
  const footer = useAppSettingsStore((s) => s.footer);
  const updateSettings = useAppSettingsStore((s) => s.updateSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  useTabTracking();

  const openSettings = () => {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  };

  return (
    <Layout className="rl-app">
      {navbar && <Navbar onOpenSettings={openSettings} />}
      <Layout className="rl-app__body" hasSider={menu}>
        {menu && (
          <Layout.Sider
            className="rl-app__sider"
            theme="light"
            width={menuWidth}
            collapsible
            collapsed={menuCollapse}
            onCollapse={(collapsed) => updateSettings({ menuCollapse: collapsed })}
            data-testid="side-menu"
          >
            <AppMenu mode="inline" />
          </Layout.Sider>
        )}
        <Layout className="rl-app__main">
          {tabBar && <TabBar />}
          <Layout.Content className="rl-app__content">
            <AppBreadcrumb />
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
