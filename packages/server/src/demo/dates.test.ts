import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatChineseDate,
  formatEnglishDate,
  isWeekend,
  toUtcDate,
  yearsBefore,
} from './dates.js';

describe('dates', () => {
  it('formats cover dates in English and Chinese', () => {
    expect(formatEnglishDate('2024-03-12')).toBe('12 March 2024');
    expect(formatEnglishDate('2023-12-01')).toBe('1 December 2023');
    expect(formatChineseDate('2024-03-12')).toBe('2024年3月12日');
  });

  it('does calendar arithmetic in UTC', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(yearsBefore('2025-06-15', 5)).toBe('2020-06-15');
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-03-01');
    expect(isWeekend('2024-03-09')).toBe(true);
    expect(isWeekend('2024-03-11')).toBe(false);
    expect(toUtcDate('2024-03-12').toISOString()).toBe('2024-03-12T00:00:00.000Z');
  });

  it('rejects impossible dates', () => {
    expect(() => addDays('2024-02-30', 1)).toThrow(/YYYY-MM-DD/);
    expect(() => addDays('2024-3-1', 1)).toThrow(/YYYY-MM-DD/);
  });
});
