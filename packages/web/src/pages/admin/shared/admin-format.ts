/**
 * Formatting in the console, per interface language: `useAdminFormat()` gives
 *   dateTime(iso)  "Mar 14, 2025, 08:00" / "2025年3月14日 08:00" (local time), '—' when absent
 *   date(iso)      the app's date format (utils/format), '—' when absent
 *   size(bytes)    binary units (KiB, MiB…), number(n) grouped digits.
 * The formatting itself is utils/format's, shared with the user app.
 */
import { useMemo } from 'react';
import { useAppSettingsStore } from '../../../stores/app-settings-store';
import { formatDate, formatDateTime, formatNumber, formatSize } from '../../../utils/format';

const EMPTY = '—';

export function useAdminFormat() {
  const locale = useAppSettingsStore((s) => s.language);
  return useMemo(
    () => ({
      locale,
      dateTime: (value: string | null | undefined) => formatDateTime(value, locale) ?? EMPTY,
      date: (value: string | null | undefined) => formatDate(value, locale) ?? EMPTY,
      size: (bytes: number) => formatSize(bytes),
      number: formatNumber,
    }),
    [locale],
  );
}
