import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../router/route-meta';

export function PageFooter() {
  const { t } = useTranslation();
  return (
    <footer className="rl-footer" data-testid="footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      <span className="rl-footer__links">
        <Link to={PATHS.dmca}>{t('footer.dmca')}</Link>
        <Link to={PATHS.contactUs}>{t('footer.contact')}</Link>
      </span>
    </footer>
  );
}
