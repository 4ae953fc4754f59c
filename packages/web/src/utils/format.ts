import type { DateFormat, MeasurementUnit } from '@rl/contract/constants';
import type { Locale } from '../config/locales';

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat;

/** Every formatter the app has built, by kind, locale and options. */
const formatters = new Map<string, Formatter>();

/** One formatter per kind, locale and options: building one costs far more than using it. */
function cachedFormatter<F extends Formatter>(key: string, build: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateTimeFormatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter(
    `date|${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

function numberFormatter(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedFormatter(
    `number|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** A calendar date: the day it names, whatever the viewer's time zone. */
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };

/** A moment, in the viewer's local time. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

function parseDate(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in one of the user's date formats (YYYY, MM and DD stand for the calendar parts, UTC). */
function applyDateFormat(date: Date, format: DateFormat): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const parts: Record<string, string> = {
    YYYY: String(date.getUTCFullYear()),
    MM: pad(date.getUTCMonth() + 1),
    DD: pad(date.getUTCDate()),
  };
  return format.replace(/YYYY|MM|DD/g, (token) => parts[token] ?? token);
}

/**
 * Formats a `YYYY-MM-DD` (or ISO timestamp) date: in the user's date format when one is set
 * (website settings), else for the interface language; `null` when absent or invalid.
 */
export function formatDate(
  value: string | null | undefined,
  locale: Locale,
  format: DateFormat | null = null,
): string | null {
  if (!value) return null;
  const date = parseDate(value);
  if (!date) return null;
  return format ? applyDateFormat(date, format) : dateTimeFormatter(locale, DATE).format(date);
}

/** Formats an ISO timestamp as date and time in local time ("Mar 14, 2025, 08:00"); `null` when absent or invalid. */
export function formatDateTime(value: string | null | undefined, locale: Locale): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateTimeFormatter(locale, DATE_TIME).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormatter(locale).format(value);
}

/**
 * Both settings count in powers of 1024, as the plans state their limits (3 MB is 3 × 1024² bytes):
 * 'decimal' only names them the everyday way (KB, MB), so a 3 MiB limit reads "3 MB", never "3.15 MB".
 */
const SIZE_UNITS: Record<MeasurementUnit, { base: number; units: string[] }> = {
  binary: { base: 1024, units: ['B', 'KiB', 'MiB', 'GiB', 'TiB'] },
  decimal: { base: 1024, units: ['B', 'KB', 'MB', 'GB', 'TB'] },
};

/** A byte count in powers of 1024, named KiB, MiB (binary) or KB, MB (decimal). */
export function formatSize(bytes: number, locale: Locale, unit: MeasurementUnit = 'binary'): string {
  const { base, units } = SIZE_UNITS[unit];
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= base && index < units.length - 1) {
    value /= base;
    index += 1;
  }
  const digits = index === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const number = numberFormatter(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[index]}`;
}
