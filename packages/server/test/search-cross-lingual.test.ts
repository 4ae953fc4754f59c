import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

/*
 * One library in two languages: a finance term typed in either language also finds the reports
 * that use its glossary equivalents (the built-in glossary), through the real index of either
 * database. The reports in the query's own language come first, then the others.
 */

let lib: TestLibrary;
const search = (keyword: string, more: Record<string, unknown> = {}) =>
  post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1, ...more });
const titles = async (keyword: string, more: Record<string, unknown> = {}) =>
  (await search(keyword, more)).body.file_list.map((f) => f.title);

const ZH_CHIPS = '半导体行业展望：国产替代加速';
const ZH_CHIPS_TRADITIONAL = '半導體週報：先進製程產能緊張';
const EN_CHIPS = 'Semiconductor outlook: the AI upcycle broadens';
const EN_SWAP = 'Interest rate swap spreads widen';
const ZH_SWAP = '利率互换曲线走平';
const EN_INFLATION = 'Inflation: the last mile is the hardest';
const ZH_INFLATION = '通货膨胀2026年展望';
const EN_OIL = 'Oil outlook: supply discipline holds';

beforeAll(async () => {
  lib = await openTestLibrary();
  const reports: [string, 'en' | 'zh', string][] = [
    [ZH_CHIPS, 'zh', '半导体设备国产替代加速，存储芯片价格回升。'],
    [ZH_CHIPS_TRADITIONAL, 'zh', '半導體先進製程需求強勁，晶圓代工產能緊張。'],
    [EN_CHIPS, 'en', 'Semiconductor demand from data centres keeps rising; memory prices recover.'],
    [EN_SWAP, 'en', 'The interest rate swap curve flattened as policy rates stay on hold.'],
    [ZH_SWAP, 'zh', '利率互换曲线走平，政策利率维持不变。'],
    [EN_INFLATION, 'en', 'Core inflation cools slowly; services stay sticky.'],
    [ZH_INFLATION, 'zh', '通货膨胀温和回升，核心通胀企稳。'],
    [EN_OIL, 'en', 'Oil demand growth slows while supply discipline holds.'],
  ];
  let day = 1;
  for (const [title, language, page] of reports) {
    await buildFile(lib.db, {
      title,
      language,
      publishDate: `2026-03-${String(day++).padStart(2, '0')}`,
      pages: [page],
    });
  }
});
afterAll(() => lib.close());

describe('search across languages through the glossary', () => {
  it('finds the English reports for a Chinese term, after the Chinese ones, and says what else it searched', async () => {
    const r = await search('半导体');
    expect(r.status).toBe(200);
    const found = r.body.file_list.map((f) => f.title);
    expect(found.slice(0, 2).sort()).toEqual([ZH_CHIPS, ZH_CHIPS_TRADITIONAL].sort());
    expect(found.slice(2)).toEqual([EN_CHIPS]);
    expect(r.body.total_items).toBe(3);
    const english = r.body.also_searched?.find((a) => a.language === 'en');
    expect(english?.terms).toContain('semiconductor');
    // The English report's title and excerpt mark the word it was found by.
    const item = r.body.file_list[2]!;
    expect(item.title_html).toContain('<mark>Semiconductor</mark>');
    expect(item.snippet).toContain('<mark>Semiconductor</mark>');
  });

  it('finds the Chinese reports for an English term, in either script, and a Chinese synonym', async () => {
    const chips = await titles('semiconductor');
    expect(chips[0]).toBe(EN_CHIPS);
    expect(chips.slice(1).sort()).toEqual([ZH_CHIPS, ZH_CHIPS_TRADITIONAL].sort());
    expect(await titles('inflation')).toEqual([EN_INFLATION, ZH_INFLATION]);
    // 通胀 is the short form of 通货膨胀: the report that prints the long one is found too.
    expect((await titles('通胀')).sort()).toEqual([EN_INFLATION, ZH_INFLATION].sort());
  });

  it('maps a term of several words as one unit, typed with or without quotes', async () => {
    expect(await titles('interest rate swap')).toEqual([EN_SWAP, ZH_SWAP]);
    expect(await titles('"interest rate swap"')).toEqual([EN_SWAP, ZH_SWAP]);
    expect(await titles('利率互换')).toEqual([ZH_SWAP, EN_SWAP]);
    const r = await search('interest rate swap');
    expect(r.body.also_searched?.find((a) => a.language === 'zh')?.terms).toContain('利率互换');
  });

  it('searches one language only when asked, and then says nothing else was searched', async () => {
    const r = await search('半导体', { one_language: true });
    expect(r.body.file_list.map((f) => f.title).sort()).toEqual([ZH_CHIPS, ZH_CHIPS_TRADITIONAL].sort());
    expect(r.body.also_searched).toBeUndefined();
    expect(await titles('inflation', { one_language: true })).toEqual([EN_INFLATION]);
  });

  it('keeps the order across pages: own language first, then the others', async () => {
    const whole = await titles('semiconductor', { page_length: 10 });
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const r = await search('semiconductor', { page_id: page, page_length: 1 });
      expect(r.body.total_items).toBe(3);
      pages.push(...r.body.file_list.map((f) => f.title));
    }
    expect(pages).toEqual(whole);
  });

  it('widens title-only searches, date order and the facets the same way', async () => {
    expect((await titles('半导体', { title_only: true })).sort()).toEqual(
      [ZH_CHIPS, ZH_CHIPS_TRADITIONAL, EN_CHIPS].sort(),
    );
    expect(await titles('inflation', { sorting: 'date_desc' })).toEqual([ZH_INFLATION, EN_INFLATION]);
    const widened = await post<{ report_type: { value: string; count: number }[] }>(
      lib.app,
      '/api/file/facets',
      { keyword: '半导体' },
    );
    const oneLanguage = await post<{ report_type: { value: string; count: number }[] }>(
      lib.app,
      '/api/file/facets',
      { keyword: '半导体', one_language: true },
    );
    const total = (f: { report_type: { count: number }[] }) =>
      f.report_type.reduce((sum, v) => sum + v.count, 0);
    expect(total(widened.body)).toBe(3);
    expect(total(oneLanguage.body)).toBe(2);
  });

  it('cuts a Chinese run typed without spaces at the glossary terms, each searched and marked whole', async () => {
    // As one phrase, 半导体国产替代 is in no report; as two terms it is in the report naming both.
    const r = await search('半导体国产替代', { one_language: true });
    expect(r.body.file_list.map((f) => f.title)).toEqual([ZH_CHIPS]);
    expect(r.body.file_list[0]!.title_html).toContain('<mark>国产替代</mark>');
    // Widened, each term also brings its English forms.
    const widened = await search('半导体国产替代');
    expect(widened.body.also_searched?.find((a) => a.language === 'en')?.terms).toEqual(
      expect.arrayContaining(['semiconductor', 'import substitution']),
    );
    expect((await search('"半导体国产替代"')).body.total_items).toBe(0);
  });

  it('leaves words the glossary does not know as typed', async () => {
    const r = await search('discipline');
    expect(r.body.file_list.map((f) => f.title)).toEqual([EN_OIL]);
    expect(r.body.also_searched).toBeUndefined();
  });

  it('refuses a one_language that is not a boolean, in the catalogue shape', async () => {
    const r = await search('半导体', { one_language: 'yes' });
    expect(r.status).toBe(400);
    expect((r.body as unknown as { error_msg: string }).error_msg).toMatch(/one_language/);
  });
});
