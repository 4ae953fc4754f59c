import { describe, expect, it } from 'vitest';
import { buildDirectory } from './company-directory.js';
import { loadListedCompanies, parseListedCompanies } from './listed-companies.js';

const HEADER = 'tickers\texchange\ten\tzh';

describe('the shipped table of listed companies', () => {
  const listed = loadListedCompanies();
  const directory = buildDirectory(listed, []);

  it('names the most covered companies of every market in both languages', () => {
    const cases: [string, string, string][] = [
      ['腾讯', 'Tencent Holdings', '0700.HK'],
      ['台积电', 'TSMC', '2330.TW'],
      ['英伟达', 'NVIDIA', 'NVDA.US'],
      ['海力士', 'SK hynix', '000660.KS'],
      ['SK海力士', 'Hynix', '000660.KS'],
      ['联想', 'Lenovo', '0992.HK'],
      ['苹果', 'Apple', 'AAPL.US'],
      ['微软', 'Microsoft', 'MSFT.US'],
      ['阿里巴巴', 'Alibaba', '9988.HK'],
      ['美团', 'Meituan', '3690.HK'],
      ['贵州茅台', 'Kweichow Moutai', '600519.SH'],
      ['宁德时代', 'CATL', '300750.SZ'],
      ['比亚迪', 'BYD', '002594.SZ'],
      ['小米', 'Xiaomi', '1810.HK'],
      ['三星电子', 'Samsung Electronics', '005930.KS'],
      ['丰田', 'Toyota', '7203.JP'],
      ['阿斯麦', 'ASML', 'ASML.US'],
    ];
    for (const [zh, en, ticker] of cases) {
      expect(directory.byName(zh)?.ticker, zh).toBe(ticker);
      expect(directory.byName(en)?.ticker, en).toBe(ticker);
      expect(directory.byName(en.toUpperCase())?.ticker, en).toBe(ticker);
    }
    // Traditional characters fold to simplified; a listing's other tickers lead to it.
    expect(directory.byName('騰訊控股')?.ticker).toBe('0700.HK');
    expect(directory.byTicker('TSM.US')?.ticker).toBe('2330.TW');
    expect(directory.byTicker('2318.HK')?.zh).toContain('中国平安');
    expect(listed.length).toBeGreaterThan(600);
  });

  it('gives no common word as a short name', () => {
    for (const word of ['strategy', 'progressive', 'new world', '现代', '大众', '理想', 'ups', 'visa'])
      expect(directory.byName(word), word).toBeUndefined();
  });

  it('refuses a malformed table naming its line', () => {
    expect(() => parseListedCompanies('tickers\ten\tzh\n')).toThrow(/line 1: expected the header/);
    expect(() => parseListedCompanies(`${HEADER}\nAAPL.US\tNASDAQ\tApple\n`)).toThrow(/line 2: expected 4/);
    expect(() => parseListedCompanies(`${HEADER}\nA.US\tX\tA\t\nB.US A.US\tX\tB\t\n`)).toThrow(
      /line 3: ticker A.US already given on line 2/,
    );
    expect(() => parseListedCompanies(`${HEADER}\nA.US\tX\t\t\n`)).toThrow(/line 2: no name/);
  });
});

describe('the directory of names', () => {
  const listed = parseListedCompanies(`${HEADER}\n0700.HK\tHKEX\tTencent Holdings|Tencent\t腾讯控股|腾讯\n`);

  it('adds names printed by notes, a ticker of its own, and lets the console take one away', () => {
    const directory = buildDirectory(listed, [
      { ticker: '0700.HK', name: 'Tencent Hldgs', source: 'notes', hidden: 0 },
      { ticker: 'ACMW.US', name: 'Acme Widgets', source: 'notes', hidden: 0 },
      { ticker: 'ACMW.US', name: '艾克米', source: 'notes', hidden: 0 },
      { ticker: '0700.HK', name: '腾讯', source: 'console', hidden: 1 },
      // A note misprinting a known name does not take it from its company.
      { ticker: '9988.HK', name: 'Tencent', source: 'notes', hidden: 0 },
    ]);
    const tencent = directory.byTicker('0700.HK')!;
    expect(tencent.en).toEqual(['Tencent Holdings', 'Tencent', 'Tencent Hldgs']);
    expect(tencent.zh).toEqual(['腾讯控股']);
    expect(directory.byName('腾讯')).toBeUndefined();
    expect(directory.byName('Tencent')?.ticker).toBe('0700.HK');
    expect(directory.byName('艾克米')?.ticker).toBe('ACMW.US');
    expect(directory.byTicker('ACMW.US')).toMatchObject({
      exchange: 'US',
      en: ['Acme Widgets'],
      zh: ['艾克米'],
    });
    expect(directory.sources(tencent).get('Tencent Hldgs')).toBe('notes');
    expect(directory.containing('tencent h', 5).map((c) => c.ticker)).toEqual(['0700.HK']);
  });

  it('lets a name the console gives win over the table', () => {
    const directory = buildDirectory(listed, [
      { ticker: 'ACMW.US', name: 'Tencent', source: 'console', hidden: 0 },
    ]);
    expect(directory.byName('Tencent')?.ticker).toBe('ACMW.US');
  });
});
