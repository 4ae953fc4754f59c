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

  it('reads a Chinese side column: 研究员 beside the name, SAC and SFC numbers below, qualifications run together', () => {
    const page = pageOf([
      ['研究员 王明远', 8, 387, 659],
      ['SAC No. S0570520100001', 7, 387, 649],
      ['wangmy@example.com', 7, 479, 649],
      ['SFC No. BQL737', 7, 387, 640],
      ['联系人 李静', 8, 387, 584],
      ['SAC No. S0570122010019 lijing@example.com', 7, 387, 575],
      ['Pierre Dumas, CFAAC', 8, 40, 400],
      ['+852-2501-2716', 7, 40, 390],
    ]);
    expect(readAnalysts(page, '')).toEqual({
      names: ['王明远', '李静', 'Pierre Dumas'],
      registrations: { 王明远: 'S0570520100001', 李静: 'S0570122010019' },
    });
  });
});
