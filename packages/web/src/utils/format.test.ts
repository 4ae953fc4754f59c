import { describe, expect, it } from 'vitest';
import { LOCALES } from '../config/locales';
import { formatDate, formatDateTime, formatNumber, formatSize } from './format';

describe('formatDate', () => {
  it('follows the user date format when one is set', () => {
    expect(formatDate('2025-03-04', 'en-US', 'YYYY-MM-DD')).toBe('2025-03-04');
    expect(formatDate('2025-03-04', 'en-US', 'DD/MM/YYYY')).toBe('04/03/2025');
    expect(formatDate('2025-03-04', 'en-US', 'MM/DD/YYYY')).toBe('03/04/2025');
    expect(formatDate('2025-03-04T08:00:00Z', 'zh-CN', 'YYYY年MM月DD日')).toBe('2025年03月04日');
  });

  it('uses the interface language otherwise, and null for missing or invalid dates', () => {
    expect(formatDate('2025-03-04', 'en-US')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04', 'zh-CN')).toBe('2025年3月4日');
    expect(formatDate(null, 'en-US', 'DD/MM/YYYY')).toBeNull();
    expect(formatDate('soon', 'en-US', 'DD/MM/YYYY')).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('shows a moment in local time for the interface language, and null for missing or invalid ones', () => {
    const moment = new Date(2025, 2, 14, 8, 5).toISOString();
    expect(formatDateTime(moment, 'en-US')).toBe('Mar 14, 2025, 08:05');
    expect(formatDateTime(moment, 'zh-CN')).toBe('2025年3月14日 08:05');
    expect(formatDateTime(null, 'en-US')).toBeNull();
    expect(formatDateTime('soon', 'en-US')).toBeNull();
  });

  it('writes the day in the user’s date format when one is set (local day, local time)', () => {
    const lateEvening = new Date(2025, 2, 14, 23, 55).toISOString();
    expect(formatDateTime(lateEvening, 'en-US', 'DD/MM/YYYY')).toBe('14/03/2025 23:55');
    expect(formatDateTime(lateEvening, 'zh-CN', 'YYYY年MM月DD日')).toBe('2025年03月14日 23:55');
    expect(formatDateTime(lateEvening, 'en-US', 'MM/DD/YYYY')).toBe('03/14/2025 23:55');
  });

  it('writes a day, a number and a size each in its own pattern', () => {
    expect(formatDate('2025-03-14T08:05:00Z', 'en-US')).toBe('Mar 14, 2025');
    expect(formatNumber(1234.5678)).toBe('1,234.568');
    expect(formatSize(1536)).toBe('1.5 KiB');
  });
});

describe('formatSize', () => {
  it('uses binary or decimal units', () => {
    expect(formatSize(3 * 1024 * 1024, 'binary')).toBe('3 MiB');
    // Decimal units count in 1000s, as their label says (1 MB = 1000 KB): 3 MiB is 3.15 MB.
    expect(formatSize(3 * 1024 * 1024, 'decimal')).toBe('3.15 MB');
    expect(formatSize(3_000_000, 'decimal')).toBe('3 MB');
    expect(formatSize(200 * 1000 * 1000, 'decimal')).toBe('200 MB');
    expect(formatSize(200 * 1024 ** 3, 'binary')).toBe('200 GiB');
    expect(formatSize(512, 'decimal')).toBe('512 B');
    expect(formatSize(1000, 'decimal')).toBe('1 KB');
    expect(formatSize(1023, 'binary')).toBe('1,023 B');
    expect(formatSize(120_000, 'decimal')).toBe('120 KB');
    expect(formatSize(1500, 'decimal')).toBe('1.5 KB');
  });
});

describe('the app writes what Intl would', () => {
  const numbers = [
    0,
    1,
    -1,
    7,
    12,
    999,
    1000,
    1234.5678,
    -1234.5,
    0.1,
    0.0004,
    -0.0004,
    99.995,
    1e6,
    123456789.125,
    2 ** 40,
  ];
  const days = ['1999-12-31', '2000-01-01', '2025-03-04', '2025-10-28', '2026-11-25'];

  it.each(LOCALES)('numbers in %s', (locale) => {
    for (const value of numbers) {
      expect(formatNumber(value)).toBe(new Intl.NumberFormat(locale).format(value));
    }
  });

  it.each(LOCALES)('sizes in %s', (locale) => {
    for (const bytes of [
      0,
      1,
      1023,
      1024,
      1536,
      10 * 1024 + 17,
      99.996 * 1024,
      3 * 1024 ** 2,
      5.5 * 1024 ** 4,
    ]) {
      const [number] = formatSize(bytes, 'binary').split(' ');
      let value = bytes;
      while (value >= 1024) value /= 1024;
      const digits = bytes < 1024 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
      expect(number).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value));
    }
  });

  it.each(LOCALES)('days and moments in %s', (locale) => {
    for (const day of days) {
      const utc = new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatDate(day, locale)).toBe(utc.format(new Date(`${day}T00:00:00Z`)));
      const moment = new Date(`${day}T23:07:00`);
      const local = new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      expect(formatDateTime(moment.toISOString(), locale)).toBe(local.format(moment));
    }
  });
});
