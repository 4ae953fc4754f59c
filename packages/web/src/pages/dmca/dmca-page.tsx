import { SafetyCertificateOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';

export function DmcaPage() {
  return (
    <PlaceholderPage
      title="placeholder.dmca.title"
      description="placeholder.dmca.body"
      icon={<SafetyCertificateOutlined />}
    />
  );
}
