import { CloudUploadOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';

export function UploadPage() {
  return (
    <PlaceholderPage
      title="placeholder.upload.title"
      description="placeholder.upload.body"
      icon={<CloudUploadOutlined />}
    />
  );
}
