import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyDetailResponse,
  CompanySearchResponse,
  SearchFacets,
  SearchResponse,
  StockInformation,
} from '@rl/contract';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

let lib: TestLibrary;

const note = (s: Partial<StockInformation> & { ticker: string }): StockInformation => ({
  company_name: null,
  rating: null,
  target_price: null,
  ...s,
});

const search = (body: object) => post<SearchResponse>(lib.app, '/api/file/search', body);
const titles = (r: { body: SearchResponse }) => r.body.file_list.map((f) => f.title);

beforeAll(async () => {
  lib = await openTestLibrary();
  const add = (spec: Parameters<typeof buildFile>[1]) => buildFile(lib.db, spec);
  await add({
    title: 'Moutai: initiating at Buy',
    issuer: 'Harbor Lane Research',
    publishDate: '2024-01-10',
    sector: 'consumer_staples',
    pages: ['Kweichow Moutai pricing power stays intact.'],
    stockInformation: [
      note({
        ticker: '600519.SH',
        company_name: 'Kweichow Moutai',
        rating: 'Buy',
        rating_normalised: 'buy',
        rating_action: 'initiate',
        target_price: 'CNY 2,100',
        target_price_value: 2100,
        currency: 'CNY',
      }),
    ],
  });
  await add({
    title: '贵州茅台：下调至中性',
    issuer: '华泰远景证券',
    language: 'zh',
    publishDate: '2024-06-01',
    sector: 'consumer_staples',
    pages: ['贵州茅台批价回落。'],
    stockInformation: [
      note({
        ticker: '600519.SH',
        company_name: '贵州茅台',
        rating: '中性',
        rating_normalised: 'hold',
        rating_action: 'downgrade',
        previous_rating: '买入',
        target_price: '1800元',
        target_price_value: 1800,
        currency: 'CNY',
        previous_target_price: 2000,
      }),
    ],
  });
  await add({
    title: 'Moutai: staying with Buy',
    issuer: 'Harbor Lane Research',
    publishDate: '2024-09-01',
    sector: 'consumer_staples',
    pages: ['Moutai remains our top pick.'],
    stockInformation: [
      note({
        ticker: '600519.SH',
        company_name: 'Kweichow Moutai',
        rating: 'Buy',
        rating_normalised: 'buy',
        rating_action: 'maintain',
        target_price_value: 2200,
        currency: 'CNY',
        previous_target_price: 2100,
      }),
    ],
  });
  await add({
    title: 'Tencent: games cycle turns',
    issuer: 'Northbridge Securities',
    publishDate: '2024-05-05',
    sector: 'internet_media',
    pages: ['Tencent games revenue recovers.'],
    stockInformation: [
      note({
        ticker: '0700.HK',
        company_name: 'Tencent',
        rating: 'Overweight',
        rating_normalised: 'outperform',
        rating_action: 'upgrade',
        previous_rating: 'Neutral',
        target_price_value: 450,
        currency: 'HKD',
      }),
    ],
  });
  await add({
    title: 'Semiconductors: the cycle in three charts',
    issuer: 'Northbridge Securities',
    reportType: 'industry',
    publishDate: '2024-07-07',
    sector: 'semiconductors',
    pages: ['Memory prices rise again.'],
    stockInformation: [
      note({ ticker: '2330.TW', company_name: 'TSMC' }),
      note({ ticker: 'NVDA.US', company_name: 'NVIDIA' }),
    ],
  });
  await add({
    title: 'Rates outlook',
    reportType: 'macro',
    publishDate: '2024-08-08',
    pages: ['The curve steepens.'],
  });
});
afterAll(() => lib.close());

describe('research filters', () => {
  it('filters by normalised rating, rating action, report type, sector and ticker', async () => {
    expect(titles(await search({ page_id: 1, filter: { rating: ['buy'] } }))).toEqual([
      'Moutai: staying with Buy',
      'Moutai: initiating at Buy',
    ]);
    expect(titles(await search({ page_id: 1, filter: { rating_action: ['downgrade', 'upgrade'] } }))).toEqual(
      ['贵州茅台：下调至中性', 'Tencent: games cycle turns'],
    );
    expect(titles(await search({ page_id: 1, filter: { report_type: ['industry', 'macro'] } }))).toEqual([
      'Rates outlook',
      'Semiconductors: the cycle in three charts',
    ]);
    expect(titles(await search({ page_id: 1, filter: { sector: ['semiconductors'] } }))).toEqual([
      'Semiconductors: the cycle in three charts',
    ]);
    // A note on several companies is found by each of them.
    expect(titles(await search({ page_id: 1, filter: { ticker: 'NVDA.US' } }))).toEqual([
      'Semiconductors: the cycle in three charts',
    ]);
    const r = await search({
      keyword: 'moutai',
      page_id: 1,
      filter: { rating: ['buy'], sector: ['consumer_staples'] },
    });
    expect(r.body.total_items).toBe(2);
  });

  it('refuses values outside the vocabularies, in the catalogue shape', async () => {
    for (const filter of [
      { rating: ['strong buy'] },
      { rating_action: ['reiterate'] },
      { sector: ['banking'] },
      { ticker: '<x>' },
    ]) {
      const r = await post<{ code: string }>(lib.app, '/api/file/search', { page_id: 1, filter });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation');
    }
  });

  it('shows the rating, action and target of a company note in the result list', async () => {
    const r = await search({ page_id: 1, filter: { ticker: '0700.HK' } });
    expect(r.body.file_list[0]).toMatchObject({
      report_type: 'company',
      sector: 'internet_media',
      research: {
        ticker: '0700.HK',
        company_name: 'Tencent',
        rating: 'Overweight',
        rating_normalised: 'outperform',
        rating_action: 'upgrade',
        previous_rating: 'Neutral',
        target_price: 450,
        currency: 'HKD',
      },
    });
    const macro = await search({ page_id: 1, filter: { report_type: ['macro'] } });
    expect(macro.body.file_list[0]?.research).toBeNull();
  });
});

describe('facets', () => {
  it("counts each field's values with the other filters applied and its own left out", async () => {
    const r = await post<SearchFacets>(lib.app, '/api/file/facets', {
      keyword: '',
      filter: { rating: ['buy'], sector: ['consumer_staples'] },
    });
    expect(r.status).toBe(200);
    // Ratings among consumer staples (rating filter ignored): two buys, one hold.
    expect(r.body.rating).toEqual([
      { value: 'buy', count: 2 },
      { value: 'hold', count: 1 },
    ]);
    // Sectors among buys (sector filter ignored).
    expect(r.body.sector).toEqual([{ value: 'consumer_staples', count: 2 }]);
    expect(r.body.rating_action).toEqual([
      { value: 'initiate', count: 1 },
      { value: 'maintain', count: 1 },
    ]);
    const kw = await post<SearchFacets>(lib.app, '/api/file/facets', { keyword: 'tencent', filter: {} });
    expect(kw.body.report_type).toEqual([{ value: 'company', count: 1 }]);
  });
});

describe('companies', () => {
  it('finds a company by ticker in any printed form and by a part of a name, in either language', async () => {
    const find = async (input_content: string) =>
      (
        await post<CompanySearchResponse>(lib.app, '/api/company/search', { input_content })
      ).body.companies.map((c) => c.ticker);
    for (const typed of ['600519', '600519.SH', '600519 CH', 'moutai', '茅台'])
      expect(await find(typed)).toEqual(['600519.SH']);
    for (const typed of ['700 HK', '0700.HK', '700', 'tencent'])
      expect(await find(typed)).toEqual(['0700.HK']);
    expect(await find('NVDA')).toEqual(['NVDA.US']);
    // Nothing typed: the most covered companies, as the filter offers them on opening.
    expect((await find('')).slice(0, 1)).toEqual(['600519.SH']);
    const [moutai] = (
      await post<CompanySearchResponse>(lib.app, '/api/company/search', { input_content: '600519' })
    ).body.companies;
    expect(moutai).toMatchObject({
      report_count: 3,
      name: 'Kweichow Moutai',
      names: ['Kweichow Moutai', '贵州茅台'],
    });
  });

  it("reads a ticker typed as the keyword as its company's notes, unless asked for the words", async () => {
    for (const keyword of ['600519', '600519.SH', '0700 HK', 'NVDA']) {
      const r = await search({ keyword, page_id: 1 });
      expect(r.body.company?.ticker).toBeDefined();
      expect(r.body.total_items).toBeGreaterThan(0);
    }
    const moutai = await search({ keyword: '600519', page_id: 1 });
    expect(moutai.body.company).toEqual({ ticker: '600519.SH', name: 'Kweichow Moutai' });
    expect(titles(moutai)).toEqual([
      'Moutai: staying with Buy',
      '贵州茅台：下调至中性',
      'Moutai: initiating at Buy',
    ]);
    const words = await search({ keyword: '600519', page_id: 1, keyword_as_text: true });
    expect(words.body.company).toBeUndefined();
    expect(words.body.sorting).toBe('relevance');
    // Words in lower case stay words.
    expect((await search({ keyword: 'nvda', page_id: 1 })).body.company).toBeUndefined();
  });

  it("gives a company's latest view per broker, its history and its rating distribution", async () => {
    const r = await post<CompanyDetailResponse>(lib.app, '/api/company/detail', { ticker: '600519.SH' });
    expect(r.status).toBe(200);
    expect(r.body.company).toMatchObject({
      ticker: '600519.SH',
      name: 'Kweichow Moutai',
      report_count: 3,
      exchange: 'SH',
      sector: 'consumer_staples',
    });
    expect(r.body.latest_views.map((v) => [v.issuer, v.rating_normalised, v.target_price])).toEqual([
      ['Harbor Lane Research', 'buy', 2200],
      ['华泰远景证券', 'hold', 1800],
    ]);
    expect(r.body.history.map((v) => v.publish_date)).toEqual(['2024-01-10', '2024-06-01', '2024-09-01']);
    expect(r.body.rating_distribution).toEqual({ buy: 1, outperform: 0, hold: 1, underperform: 0, sell: 0 });
  });

  it('answers not_found for a ticker no note covers, and refuses a malformed one', async () => {
    const missing = await post<{ code: string }>(lib.app, '/api/company/detail', { ticker: '9999.HK' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const bad = await post<{ code: string }>(lib.app, '/api/company/detail', { ticker: '../x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
  });
});
