import { SettingOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';

export function SettingsPage() {
  return (
    <PlaceholderPage
      title="placeholder.settings.title"
      description="placeholder.settings.body"
      icon={<SettingOutlined />}
    />
  );
}
