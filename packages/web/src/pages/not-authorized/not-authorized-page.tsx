import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/back-home-button/back-home-button';

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('notAuthorized.title')}
      subTitle={t('notAuthorized.body')}
      extra={<BackHomeButton />}
      data-testid="not-authorized-page"
    />
  );
}
