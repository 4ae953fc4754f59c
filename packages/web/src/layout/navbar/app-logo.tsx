import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../router/route-meta';

export function AppLogo() {
  const { t } = useTranslation();
  return (
    <Link to={PATHS.file} className="rl-logo" aria-label={t('app.title')}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="rl-logo__title">{t('app.title')}</span>
    </Link>
  );
}
