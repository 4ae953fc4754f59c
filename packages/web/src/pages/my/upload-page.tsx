import { CloudUploadOutlined } from '@ant-design/icons';
import { PlaceholderPage } from '../../components/placeholder-page/placeholder-page';
import { RegionNotice, useRegionRestricted } from '../../components/region-notice/region-notice';

/** Uploads are closed in mainland China: the region message takes the page's place. */
export function UploadPage() {
  const restricted = useRegionRestricted();
  return (
    <PlaceholderPage
      title="placeholder.upload.title"
      description="placeholder.upload.body"
      icon={<CloudUploadOutlined />}
      extra={restricted ? <RegionNotice /> : undefined}
    />
  );
}
