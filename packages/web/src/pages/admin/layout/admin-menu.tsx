import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  AuditIcon,
  DashboardIcon,
  DigestIcon,
  DmcaIcon,
  FilesIcon,
  MessagesIcon,
  TranslationsIcon,
  UsersIcon,
} from '../shared/admin-icons';
import { ADMIN_PATHS } from '../admin-paths';

/** The console's pages, in menu order. */
export const ADMIN_MENU = [
  { path: ADMIN_PATHS.dashboard, icon: <DashboardIcon />, label: 'admin.menu.dashboard' },
  { path: ADMIN_PATHS.users, icon: <UsersIcon />, label: 'admin.menu.users' },
  { path: ADMIN_PATHS.files, icon: <FilesIcon />, label: 'admin.menu.files' },
  { path: ADMIN_PATHS.dmca, icon: <DmcaIcon />, label: 'admin.menu.dmca' },
  { path: ADMIN_PATHS.messages, icon: <MessagesIcon />, label: 'admin.menu.messages' },
  { path: ADMIN_PATHS.digests, icon: <DigestIcon />, label: 'adminDigests.title' },
  { path: ADMIN_PATHS.glossary, icon: <TranslationsIcon />, label: 'admin.menu.glossary' },
  { path: ADMIN_PATHS.companies, icon: <FilesIcon />, label: 'admin.menu.companies' },
  { path: ADMIN_PATHS.audit, icon: <AuditIcon />, label: 'admin.menu.audit' },
] as const;

export type AdminMenuItem = (typeof ADMIN_MENU)[number];

/** The menu entry of the page at `pathname` (its own path or one below it), if any. */
export function adminMenuItemAt(pathname: string): AdminMenuItem | undefined {
  return ADMIN_MENU.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
}

interface NavigateProps {
  /** Called when a link is chosen (the menu drawer closes). */
  onNavigate?(): void;
}

/** The console's name and logo, leading to the dashboard; `compact` shows the logo alone. */
export function AdminBrand({ compact = false, onNavigate }: NavigateProps & { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={ADMIN_PATHS.dashboard}
      className="rl-admin__brand"
      aria-label={t('admin.title')}
      onClick={onNavigate}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!compact && <span className="rl-admin__brand-title">{t('admin.title')}</span>}
    </Link>
  );
}

/** The console's page menu, in the side bar on a desktop and in the menu drawer on a phone. */
export function AdminMenu({ onNavigate }: NavigateProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = adminMenuItemAt(pathname);
  return (
    <Menu
      mode="inline"
      className="rl-admin__menu"
      selectedKeys={selected ? [selected.path] : []}
      onClick={onNavigate}
      data-testid="admin-menu"
      items={ADMIN_MENU.map((item) => ({
        key: item.path,
        icon: item.icon,
        label: <Link to={item.path}>{t(item.label)}</Link>,
      }))}
    />
  );
}
