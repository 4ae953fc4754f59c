import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../router/use-current-route';

/**
 * The page's one level-one heading, its route's title: for screen readers, who navigate by
 * headings; the tab bar and the breadcrumb already show it on screen.
 */
export function PageHeading() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return <h1 className="rl-visually-hidden">{route ? t(route.title) : t('app.title')}</h1>;
}
