import type { DateFormat, MeasurementUnit } from '@rl/contract/constants';
import type { Locale } from '../config/locales';

/*
 * Both interface languages write numbers alike (1,234.5) and dates by fixed patterns, so the app
 * formats them itself: a page's first `Intl.NumberFormat` costs a phone about 25 ms of loading locale
 * data, spent in the middle of the first search's render. The tests compare every pattern with
 * `Intl`'s own output.
 */

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day of the calendar; `month` runs from 1 to 12. */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** "Mar 4, 2025" or "2025年3月4日". */
function calendarDay({ year, month, day }: CalendarDay, locale: Locale): string {
  return locale === 'zh-CN' ? `${year}年${month}月${day}日` : `${MONTHS_EN[month - 1]} ${day}, ${year}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Groups the integer part by thousands and keeps at most `fractionDigits` decimals, without trailing zeros. */
function plainNumber(value: number, fractionDigits: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(fractionDigits).split('.');
  const kept = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${kept ? `.${kept}` : ''}`;
}

function parseDate(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in one of the user's date formats (YYYY, MM and DD stand for the calendar parts, UTC). */
function applyDateFormat(date: Date, format: DateFormat): string {
  const parts: Record<string, string> = {
    YYYY: String(date.getUTCFullYear()),
    MM: pad2(date.getUTCMonth() + 1),
    DD: pad2(date.getUTCDate()),
  };
  return format.replace(/YYYY|MM|DD/g, (token) => parts[token] ?? token);
}

/**
 * Formats a `YYYY-MM-DD` (or ISO timestamp) date: in the user's date format when one is set
 * (website settings), else for the interface language, as the day it names whatever the viewer's
 * time zone; `null` when absent or invalid.
 */
export function formatDate(
  value: string | null | undefined,
  locale: Locale,
  format: DateFormat | null = null,
): string | null {
  if (!value) return null;
  const date = parseDate(value);
  if (!date) return null;
  if (format) return applyDateFormat(date, format);
  return calendarDay(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    locale,
  );
}

/**
 * Formats an ISO timestamp as date and time in local time ("Mar 14, 2025, 08:00"; with a user's
 * date format "14/03/2025 08:00"); `null` when absent or invalid.
 */
export function formatDateTime(
  value: string | null | undefined,
  locale: Locale,
  format: DateFormat | null = null,
): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const time = `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  if (format) {
    // The local calendar day, written in the user's format.
    const local = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
    return `${applyDateFormat(local, format)} ${time}`;
  }
  const day = calendarDay(
    { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() },
    locale,
  );
  return locale === 'zh-CN' ? `${day} ${time}` : `${day}, ${time}`;
}

/** A number as both interface languages write it (1,234.568): at most three decimals. */
export function formatNumber(value: number): string {
  return plainNumber(value, 3);
}

/**
 * Each setting names its units by its factor: binary counts in 1024s (KiB, MiB), decimal in 1000s
 * (KB, MB), as the settings label says. So a 3 MiB limit reads "3.15 MB" in decimal: MB with the
 * factor 1024 would be a unit no one else uses.
 */
const SIZE_UNITS: Record<MeasurementUnit, { base: number; units: string[] }> = {
  binary: { base: 1024, units: ['B', 'KiB', 'MiB', 'GiB', 'TiB'] },
  decimal: { base: 1000, units: ['B', 'KB', 'MB', 'GB', 'TB'] },
};

/** A byte count in powers of 1024 named KiB, MiB (binary), or of 1000 named KB, MB (decimal). */
export function formatSize(bytes: number, unit: MeasurementUnit = 'binary'): string {
  const { base, units } = SIZE_UNITS[unit];
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= base && index < units.length - 1) {
    value /= base;
    index += 1;
  }
  const digits = index === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${plainNumber(value, digits)} ${units[index]}`;
}
