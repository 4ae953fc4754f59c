import { describe, expect, it } from 'vitest';
import { findCoverTickers, findHeadlineCompanies, findListedSymbol } from './cover-tickers.js';

const tickers = (page: string) => findCoverTickers(page.split('\n')).map((c) => c.ticker.canonical);

describe('cover tickers', () => {
  it('reads a data box and lines of tickers, one company per stock', () => {
    const covered = findCoverTickers(['Overweight', '0700.HK, 700 HK', 'Price Target (Dec-26): HK$690.00']);
    expect(covered).toEqual([
      expect.objectContaining({
        ticker: expect.objectContaining({ canonical: '0700.HK' }),
        printed: ['0700.HK', '700 HK'],
      }),
    ]);
    expect(tickers('RIC: 000660.KS BBG: 000660 KS')).toEqual(['000660.KS']);
    expect(tickers('Market cap (USDm) 1,954,092 BBG 2330 TT\n3m ADTV (USDm) 3,003 RIC 2330.TW')).toEqual([
      '2330.TW',
    ]);
    expect(tickers('Reuters Bloomberg Exchange Ticker\nVNET.OQ VNET US NSM VNET')).toEqual(['VNET.US']);
    expect(tickers('NYSE: UNH')).toEqual(['UNH.US']);
  });

  it('takes the name that opens a title line', () => {
    expect(findCoverTickers(['Tencent (700 HK)'])[0]?.name).toBe('Tencent');
    expect(findCoverTickers(['TSMC (2330 TT) Equities'])[0]?.name).toBe('TSMC');
    expect(findCoverTickers(['Tencent Holdings 0700.HK 700 HK'])[0]?.name).toBe('Tencent Holdings');
    expect(findCoverTickers(['高测股份(688556.SH)'])[0]).toMatchObject({
      name: '高测股份',
      printed: ['688556.SH'],
      ticker: { canonical: '688556.SH' },
    });
    expect(tickers('贵州茅台（600519）：业绩稳健增长')).toEqual(['600519.SH']);
    expect(tickers('Tencent (0700.HK): strong quarter')).toEqual(['0700.HK']);
  });

  it('leaves out tickers in running text and in cited report titles', () => {
    expect(
      tickers('AliCloud (owned by Alibaba [BABA US, Buy]) and Bytedance (unlisted) in the past year due to'),
    ).toEqual([]);
    expect(tickers('3.《高测股份（688556.SH）：再签建')).toEqual([]);
    expect(tickers('INVESTING IN THE US')).toEqual([]);
  });

  it('finds the companies an industry headline names by their tickers in the text', () => {
    const text =
      'Key suppliers include NARI Tech (600406 CH, Buy) and Xuji Electric (000400 CH, not rated). We like Huaming (002270 CH, Buy).';
    const found = findHeadlineCompanies(text, ['China Power Grid', 'Reiterate Buy on NARI and Huaming']);
    expect(found.map((c) => c.ticker.canonical)).toEqual(['600406.SH', '002270.SZ']);
  });

  it('reads a headline company by any word of its name, its ticker in a disclosure block of the first pages', () => {
    const text = 'page one\nZentra Ningbo Solar\n(605999.SS; Rmb81.27; 1; 21 Jul 26; 15:00)\nValuation';
    const found = findHeadlineCompanies(text, ['Export demand holds; Zentra raises its dividend']);
    expect(found.map((c) => c.ticker.canonical)).toEqual(['605999.SH']);
    expect(findHeadlineCompanies(text, ['Ningbo exporters hold up'])).toEqual([]);
  });

  it('reads a bare symbol beside a legal name when a header states the exchange', () => {
    const page =
      'Equity Analyst Report | Reporting Currency: USD | Exchange: NASDAQ - ALL MARKETS\nZentra Corp ZNTR';
    expect(findListedSymbol(page, ['Zentra Corp ZNTR QQQ 15 Jul 2025'])).toEqual([
      expect.objectContaining({
        ticker: expect.objectContaining({ canonical: 'ZNTR.US' }),
        name: 'Zentra Corp',
      }),
    ]);
    expect(findListedSymbol('Zentra Corp ZNTR', ['Zentra Corp ZNTR'])).toEqual([]);
  });
});
