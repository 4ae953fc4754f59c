import { Menu, type MenuProps } from 'antd';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { isLoggedIn, rolesOf, useUserStore } from '../../stores/user-store';
import { buildMenu, type MenuEntry } from './menu-model';
import { MENU_ICONS } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

// The unread count of the inbox: its chunk (with TanStack Query) loads once a user is logged in.
const InboxBadge = lazy(() =>
  import('../../components/follow/inbox-badge').then((module) => ({ default: module.InboxBadge })),
);

interface AppMenuProps {
  mode: 'inline' | 'horizontal';
  /** Called after a click navigates (the menu drawer closes). */
  onNavigate?(): void;
}

/** The navigation menu from route meta, vertical in the side bar or horizontal in the navbar. */
export function AppMenu({ mode, onNavigate }: AppMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useUserStore((s) => s.token);
  const user = useUserStore((s) => s.user);
  const menuFromServer = useAppSettingsStore((s) => s.menuFromServer);
  const serverMenu = useAppSettingsStore((s) => s.serverMenu);

  const entries = useMemo(
    () => buildMenu({ loggedIn: isLoggedIn({ token }), roles: rolesOf(user), menuFromServer, serverMenu }),
    [token, user, menuFromServer, serverMenu],
  );

  const loggedIn = isLoggedIn({ token });
  const items = useMemo(() => {
    const labelOf = (entry: MenuEntry): ReactNode =>
      entry.route.name === 'Inbox' && loggedIn ? (
        <span className="rl-menu__with-badge">
          {t(entry.route.title)}
          <Suspense fallback={null}>
            <InboxBadge />
          </Suspense>
        </span>
      ) : (
        t(entry.route.title)
      );
    const toItem = (entry: MenuEntry): MenuItem => {
      const { route } = entry;
      const icon = route.icon ? MENU_ICONS[route.icon] : undefined;
      if (entry.children.length === 0) return { key: route.path, icon, label: labelOf(entry) };
      return { key: route.path, icon, label: labelOf(entry), children: entry.children.map(toItem) };
    };
    return entries.map(toItem);
  }, [entries, t, loggedIn]);

  const groupKeys = entries.filter((e) => e.children.length > 0).map((e) => e.route.path);
  const selected = entries
    .flatMap((e) => (e.children.length ? e.children : [e]))
    .map((e) => e.route.path)
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`));

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={mode === 'inline' ? groupKeys : undefined}
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
      className={`rl-menu rl-menu--${mode}`}
      data-testid={`app-menu-${mode}`}
    />
  );
}
