import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/back-home-button/back-home-button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.body')}
      extra={<BackHomeButton />}
      data-testid="not-found-page"
    />
  );
}
