import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeTrail } from '../router/route-meta';
import { useCurrentRoute } from '../router/use-current-route';

/** A home icon, then the translated labels of the current route and its groups. */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const trail = route ? routeTrail(route.name) : [];
  return (
    <Breadcrumb
      className="rl-breadcrumb"
      items={[
        { title: <HomeOutlined aria-label={t('breadcrumb.home')} /> },
        ...trail.map((entry) => ({ title: t(entry.title) })),
      ]}
    />
  );
}
