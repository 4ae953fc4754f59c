import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while the viewer's code loads. */
export function ViewerFallback() {
  const { t } = useTranslation();
  return (
    <div className="rl-viewer-fallback" data-testid="viewer-loading">
      <Spin />
      <span>{t('viewer.loading')}</span>
    </div>
  );
}
