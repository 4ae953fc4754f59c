import { describe, expect, it } from 'vitest';
import { formatDate, formatSize } from './format';

describe('formatDate', () => {
  it('follows the user date format when one is set', () => {
    expect(formatDate('2025-03-04', 'en-US', 'YYYY-MM-DD')).toBe('2025-03-04');
    expect(formatDate('2025-03-04', 'en-US', 'DD/MM/YYYY')).toBe('04/03/2025');
    expect(formatDate('2025-03-04', 'en-US', 'MM/DD/YYYY')).toBe('03/04/2025');
    expect(formatDate('2025-03-04T08:00:00Z', 'zh-CN', 'YYYY年MM月DD日')).toBe('2025年03月04日');
  });

  it('uses the interface language otherwise, and null for missing or invalid dates', () => {
    expect(formatDate('2025-03-04', 'en-US')).toBe('Mar 4, 2025');
    expect(formatDate(null, 'en-US', 'DD/MM/YYYY')).toBeNull();
    expect(formatDate('soon', 'en-US', 'DD/MM/YYYY')).toBeNull();
  });
});

describe('formatSize', () => {
  it('uses binary or decimal units', () => {
    expect(formatSize(3 * 1024 * 1024, 'en-US', 'binary')).toBe('3 MiB');
    expect(formatSize(3 * 1024 * 1024, 'en-US', 'decimal')).toBe('3.15 MB');
    expect(formatSize(200 * 1024 ** 3, 'en-US', 'binary')).toBe('200 GiB');
    expect(formatSize(512, 'en-US', 'decimal')).toBe('512 B');
    expect(formatSize(120_000, 'en-US', 'decimal')).toBe('120 KB');
  });
});
