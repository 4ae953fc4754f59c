import { MailOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';

export function ContactUsPage() {
  return (
    <PlaceholderPage
      title="placeholder.contactUs.title"
      description="placeholder.contactUs.body"
      icon={<MailOutlined />}
    />
  );
}
