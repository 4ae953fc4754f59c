import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSettingsStore } from '../../stores/app-settings-store';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useAppSettingsStore((s) => s.theme);
  const toggleTheme = useAppSettingsStore((s) => s.toggleTheme);
  const label = theme === 'dark' ? t('navbar.theme.toLight') : t('navbar.theme.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        onClick={toggleTheme}
        data-testid="theme-toggle"
      />
    </Tooltip>
  );
}
