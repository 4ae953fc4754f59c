/**
 * Formatting in the console, per interface language: `useAdminFormat()` gives
 *   dateTime(iso)  "Mar 14, 2025, 08:00" / "2025年3月14日 08:00" (local time), '—' when absent
 *   date(iso)      the app's date format (utils/format), '—' when absent
 *   size(bytes)    binary units (KiB, MiB…), number(n) grouped digits.
 * The pure `formatDateTime(value, locale)` is exported for tests and non-React code.
 */
import { useMemo } from 'react';
import type { Locale } from '../../../config/locales';
import { useAppSettingsStore } from '../../../stores/app-settings-store';
import { formatDate, formatNumber, formatSize } from '../../../utils/format';

const EMPTY = '—';
const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(value: string | null | undefined, locale: Locale, timeZone?: string): string {
  if (!value) return EMPTY;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY;
  const key = `${locale}|${timeZone ?? ''}`;
  let formatter = dateTimeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    dateTimeFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

export function useAdminFormat() {
  const locale = useAppSettingsStore((s) => s.language);
  return useMemo(
    () => ({
      locale,
      dateTime: (value: string | null | undefined) => formatDateTime(value, locale),
      date: (value: string | null | undefined) => formatDate(value, locale) ?? EMPTY,
      size: (bytes: number) => formatSize(bytes, locale),
      number: (value: number) => formatNumber(value, locale),
    }),
    [locale],
  );
}
