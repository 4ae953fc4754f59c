import { describe, expect, it } from 'vitest';
import { readAnalysts } from './author-block.js';
import { pageOf } from './test-layout.js';

describe('readAnalysts', () => {
  it('reads names above their e-mail and phone lines, without qualifications or marks', () => {
    const page = pageOf([
      ['Equity Analyst', 7, 430, 600],
      ['Lindsay Tyler, CFA', 8.5, 430, 588],
      ['Lindsay.Tyler@morganstanley.com +1 212 761-2734', 7, 430, 578],
      ['Tom O’Brien AC', 8.5, 430, 560],
      ['+44 20 7425 1234', 7, 430, 550],
      ['Revenue grew 12% in the quarter, driven by Lindsay Tyler Park openings.', 10, 86, 548],
    ]);
    expect(readAnalysts(page, '')).toEqual({ names: ['Lindsay Tyler', 'Tom O’Brien'], registrations: {} });
  });

  it('keeps each registration number with the analyst printed above it', () => {
    const page = pageOf([
      ['分析师：张明远', 9, 40, 400],
      ['执业证书编号：S1250519080001', 9, 40, 386],
      ['邮箱：zhangmy@example.com', 9, 40, 372],
      ['联系人：李静', 9, 40, 350],
      ['电话：021-58351839', 9, 40, 336],
    ]);
    expect(readAnalysts(page, '')).toEqual({
      names: ['张明远', '李静'],
      registrations: { 张明远: 'S1250519080001' },
    });
  });

  it('reads a byline when the cover has no author block', () => {
    expect(readAnalysts(undefined, 'Analysis by Jane Whitfield, CFA, March 3, 2025')).toEqual({
      names: ['Jane Whitfield'],
      registrations: {},
    });
  });
});
