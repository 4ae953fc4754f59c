import { describe, expect, it } from 'vitest';
import { dateAfter, findDates } from './dates.js';
import { pdfDateToIso } from './pdf-date.js';

describe('findDates', () => {
  it('reads English, ISO, US numeric and Chinese dates in order of appearance', () => {
    const text =
      'On May 3, 2023 and 12 March 2024 (2023-05-25, 5/25/2023); 2022 年 07 月 19 日 and 2024年3月12日.';
    expect(findDates(text).map((d) => d.iso)).toEqual([
      '2023-05-03',
      '2024-03-12',
      '2023-05-25',
      '2023-05-25',
      '2022-07-19',
      '2024-03-12',
    ]);
  });

  it('ignores impossible dates and bare years', () => {
    expect(findDates('February 30, 2023; 13/45/2020; 2019 年年度报告; FY2015')).toEqual([]);
  });
});

describe('dateAfter', () => {
  it('takes the first date after a cue, across a line break', () => {
    const cover = 'For the quarterly period ended Commission file\nMarch 31, 2023 number 1-5805';
    expect(dateAfter(cover, /For the quarterly period ended/i, 60)).toBe('2023-03-31');
    expect(dateAfter(cover, /Date of Report/i)).toBeNull();
  });
});

describe('pdfDateToIso', () => {
  it("keeps the writer's offset so that the date is the writer's day", () => {
    expect(pdfDateToIso("D:20251011045348+08'00'")).toBe('2025-10-11T04:53:48+08:00');
    expect(pdfDateToIso("D:20230210152330-05'00'")).toBe('2023-02-10T15:23:30-05:00');
    expect(pdfDateToIso('D:20240312000000Z')).toBe('2024-03-12T00:00:00Z');
    expect(pdfDateToIso('D:20180427190033+11')).toBe('2018-04-27T19:00:33+11:00');
    expect(pdfDateToIso('D:2016')).toBe('2016-01-01T00:00:00');
  });

  it('rejects what is not a date', () => {
    expect(pdfDateToIso('yesterday')).toBeUndefined();
    expect(pdfDateToIso('D:20230230120000Z')).toBeUndefined();
    expect(pdfDateToIso('D:20231301120000Z')).toBeUndefined();
  });
});
