import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../api/query-scope';
import { RegionNotice, useRegionRestricted } from '../../components/region-notice/region-notice';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../stores/user-store';
import './upload/upload-page.css';
import { UploadWorkspace } from './upload/upload-workspace';

/**
 * /my/upload: uploads and my files. Closed in mainland China (the region message takes the
 * page's place); visitors are asked to log in.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const restricted = useRegionRestricted();
  const token = useUserStore((s) => s.token);
  const user = useUserStore((s) => s.user);
  const openLogin = useAuthModalStore((s) => s.open);

  if (restricted) {
    return <Result icon={<CloudUploadOutlined />} title={t('menu.my.upload')} extra={<RegionNotice />} />;
  }
  if (!isLoggedIn({ token })) {
    return (
      <Result
        icon={<CloudUploadOutlined />}
        title={t('upload.anonymous.title')}
        subTitle={t('upload.anonymous.body')}
        extra={
          <Button type="primary" onClick={() => openLogin()} data-testid="upload-login">
            {t('upload.anonymous.login')}
          </Button>
        }
        data-testid="upload-anonymous"
      />
    );
  }
  if (!user) return <Spin className="rl-upload-page__loading" />;
  return (
    <QueryScope>
      <UploadWorkspace user={user} />
    </QueryScope>
  );
}
