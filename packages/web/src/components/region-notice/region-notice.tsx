import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSettingsStore } from '../../stores/app-settings-store';

/** Whether a feature closed in mainland China (uploads) is closed for this user (x-country-code cn). */
export function useRegionRestricted(): boolean {
  return useAppSettingsStore((s) => s.isChineseUser);
}

/** The region message, shown in place of a feature closed in the user's region. */
export function RegionNotice() {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon title={t('region.unsupported')} data-testid="region-notice" />;
}
