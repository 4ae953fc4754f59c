import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a route fails to load or render: a way back instead of a white screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <div className="rl-route-error" role="alert">
      <h1>{t('errors.pageCrashed')}</h1>
      <Button type="primary" onClick={() => window.location.assign('/')}>
        {t('common.backHome')}
      </Button>
    </div>
  );
}
