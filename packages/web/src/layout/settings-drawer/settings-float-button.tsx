import { SettingOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';

/** Opens the page configuration when the navbar (and its settings button) is hidden. */
export function SettingsFloatButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <FloatButton
      icon={<SettingOutlined />}
      tooltip={t('navbar.settings')}
      aria-label={t('navbar.settings')}
      onClick={onClick}
      data-testid="settings-float-button"
    />
  );
}
