import { useMemo } from 'react';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { useUserStore } from '../stores/user-store';
import { formatDate, formatNumber, formatSize } from './format';

/**
 * Date, number and size formatters for the interface language and the logged-in user's website
 * settings (date format, measurement unit); every page that shows dates or sizes uses them.
 */
export function useFormatters() {
  const locale = useAppSettingsStore((s) => s.language);
  const dateFormat = useUserStore((s) => s.user?.settings.date_format ?? null);
  const unit = useUserStore((s) => s.user?.settings.measurement_unit ?? 'binary');
  return useMemo(
    () => ({
      date: (value: string | null | undefined) => formatDate(value, locale, dateFormat),
      number: formatNumber,
      size: (bytes: number) => formatSize(bytes, unit),
    }),
    [locale, dateFormat, unit],
  );
}
