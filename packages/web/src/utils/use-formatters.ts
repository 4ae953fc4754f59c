import { useMemo } from 'react';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { settingsInForce, useUserStore } from '../stores/user-store';
import { formatDate, formatDateTime, formatNumber, formatSize } from './format';

/**
 * Date, number and size formatters for the interface language and the logged-in user's website
 * settings (date format, measurement unit); every page that shows dates or sizes uses them.
 */
export function useFormatters() {
  const locale = useAppSettingsStore((s) => s.language);
  const dateFormat = useUserStore((s) => settingsInForce(s)?.date_format ?? null);
  const unit = useUserStore((s) => settingsInForce(s)?.measurement_unit ?? 'binary');
  return useMemo(
    () => ({
      date: (value: string | null | undefined) => formatDate(value, locale, dateFormat),
      /** A moment in local time, its day in the user's date format. */
      dateTime: (value: string | null | undefined) => formatDateTime(value, locale, dateFormat),
      number: formatNumber,
      size: (bytes: number) => formatSize(bytes, unit),
    }),
    [locale, dateFormat, unit],
  );
}
