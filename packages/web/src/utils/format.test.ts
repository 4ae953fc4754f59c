import { describe, expect, it } from 'vitest';
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

  it('keeps dates, moments and numbers apart although one cache holds their formatters', () => {
    expect(formatDate('2025-03-14T08:05:00Z', 'en-US')).toBe('Mar 14, 2025');
    expect(formatNumber(1234.5678, 'en-US')).toBe('1,234.568');
    expect(formatSize(1536, 'en-US')).toBe('1.5 KiB');
  });
});

describe('formatSize', () => {
  it('uses binary or decimal units', () => {
    expect(formatSize(3 * 1024 * 1024, 'en-US', 'binary')).toBe('3 MiB');
    // The plans' limits are powers of 1024: 3 MiB reads 3 MB, never 3.15 MB.
    expect(formatSize(3 * 1024 * 1024, 'en-US', 'decimal')).toBe('3 MB');
    expect(formatSize(200 * 1024 * 1024, 'en-US', 'decimal')).toBe('200 MB');
    expect(formatSize(200 * 1024 ** 3, 'en-US', 'binary')).toBe('200 GiB');
    expect(formatSize(512, 'en-US', 'decimal')).toBe('512 B');
    expect(formatSize(120 * 1024, 'en-US', 'decimal')).toBe('120 KB');
    expect(formatSize(1536, 'en-US', 'decimal')).toBe('1.5 KB');
  });
});
