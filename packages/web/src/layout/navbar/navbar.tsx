import { MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { useViewport } from '../../utils/use-viewport';
import { AppMenu } from '../side-menu/app-menu';
import { AppLogo } from './app-logo';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { UserSlot } from './user-slot';

interface NavbarProps {
  onOpenSettings(): void;
  /** Given in a narrow window: the menu button that opens the menu drawer. */
  onOpenMenu?(): void;
}

export function Navbar({ onOpenSettings, onOpenMenu }: NavbarProps) {
  const { t } = useTranslation();
  const { narrow } = useViewport();
  const topMenu = useAppSettingsStore((s) => s.topMenu && s.menu) && !narrow;
  return (
    <header className="rl-navbar" data-testid="navbar">
      {onOpenMenu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('navbar.menu')}
          onClick={onOpenMenu}
          className="rl-navbar__menu-button"
          data-testid="menu-button"
        />
      )}
      <AppLogo />
      <div className="rl-navbar__center">{topMenu && <AppMenu mode="horizontal" />}</div>
      <nav className="rl-navbar__actions" aria-label={t('navbar.settings')}>
        <LanguageSwitch />
        <ThemeToggle />
        <Tooltip title={t('navbar.settings')}>
          <Button
            type="text"
            shape="circle"
            icon={<SettingOutlined />}
            aria-label={t('navbar.settings')}
            onClick={onOpenSettings}
            data-testid="settings-button"
          />
        </Tooltip>
        <UserSlot />
      </nav>
    </header>
  );
}
