import { CrownOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';

export function SubscriptionPage() {
  return (
    <PlaceholderPage
      title="placeholder.subscription.title"
      description="placeholder.subscription.body"
      icon={<CrownOutlined />}
    />
  );
}
