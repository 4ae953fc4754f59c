import { StarOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';

export function BookmarksPage() {
  return (
    <PlaceholderPage
      title="placeholder.bookmarks.title"
      description="placeholder.bookmarks.body"
      icon={<StarOutlined />}
    />
  );
}
