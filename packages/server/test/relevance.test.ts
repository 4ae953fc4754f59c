import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { createSearchRepo } from '../src/modules/search/repo.js';
import { createSearchService } from '../src/modules/search/service.js';
import type { DemoReportPlan } from '../src/demo/types.js';
import { demoPlans, openDemoLibrary } from './demo-library.js';
import { post, type TestLibrary } from './harness.js';

/**
 * The relevance set: the demo library that `npm start` seeds (its default seed, dated the day the
 * set was written), and queries in English and Chinese with the reports that must come first. The
 * reports carry the text the demo generator composes for their PDFs, so the set runs in seconds.
 * It runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL: both must rank the same way.
 */
const COUNT = 300;

let lib: TestLibrary;
const plans = demoPlans(COUNT);

beforeAll(async () => {
  lib = await openDemoLibrary(plans);
}, 120_000);
afterAll(() => lib.close());

const search = async (keyword: string, page_length: number) => {
  const r = await post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1, page_length });
  expect(r.status).toBe(200);
  return r.body;
};

/** Titles of the library that `test` accepts, once per report. */
const titlesWhere = (test: (title: string) => boolean) => plans.map((p) => p.title).filter(test);
const sorted = (titles: string[]) => [...titles].sort();
/** Titles of the reports `test` accepts, which must be exactly `count` of them. */
const plansWhere = (test: (plan: DemoReportPlan) => boolean, count: number) => {
  const titles = plans.filter(test).map((p) => p.title);
  return titles.length === count ? titles : [];
};
const reportsOf = (issuer: string) => plans.filter((p) => p.issuer === issuer).map((p) => p.title);

/**
 * [query, the reports that must come first (in any order among themselves)]. Most are every report
 * whose title holds the query; the rest name the one report only a phrase, a name or a ticker finds.
 */
const RELEVANCE_SET: [string, () => string[]][] = [
  ['inflation', () => titlesWhere((t) => /\binflation\b/i.test(t))],
  // The one note on Japan's breakevens, whatever title the generator wrote for it.
  ['Japan breakevens', () => plansWhere((p) => p.country === 'Japan' && p.tags.includes('breakevens'), 1)],
  ['copper', () => titlesWhere((t) => /\bcopper\b/i.test(t))],
  ['breakevens', () => titlesWhere((t) => /\bbreakevens\b/i.test(t))],
  ['yield curve', () => titlesWhere((t) => /yield curve/i.test(t))],
  ['"real rates"', () => titlesWhere((t) => /real rates/i.test(t))],
  ['linkers', () => titlesWhere((t) => /\blinkers\b/i.test(t))],
  ['term premium', () => titlesWhere((t) => /term premium/i.test(t))],
  ['labour market', () => titlesWhere((t) => /labour market/i.test(t))],
  ['high yield defaults', () => titlesWhere((t) => /high yield: defaults/i.test(t))],
  ['refinancing wall', () => titlesWhere((t) => /refinancing wall/i.test(t))],
  ['volatility', () => titlesWhere((t) => /\bvolatility\b/i.test(t))],
  ['CPI preview', () => titlesWhere((t) => /CPI preview/.test(t))],
  ['"structural deficit"', () => titlesWhere((t) => /structural deficit/.test(t))],
  ['yen', () => titlesWhere((t) => /\byen\b/i.test(t))],
  ['Granite Peak Research', () => reportsOf('Granite Peak Research')],
  ['Kestova', () => titlesWhere((t) => t.startsWith('Kestova'))],
  ['"the last mile"', () => titlesWhere((t) => t.includes('the last mile'))],
  ['新能源', () => titlesWhere((t) => t.includes('新能源'))],
  ['泰和远航证券', () => reportsOf('泰和远航证券')],
  ['储能', () => titlesWhere((t) => t.includes('储能'))],
  ['利率债', () => titlesWhere((t) => t.includes('利率债'))],
  ['人民币', () => titlesWhere((t) => t.includes('人民币'))],
  ['信用债', () => titlesWhere((t) => t.includes('信用债'))],
  ['房地产', () => titlesWhere((t) => t.includes('房地产'))],
  ['有色金属', () => titlesWhere((t) => t.includes('有色金属'))],
  ['半导体', () => titlesWhere((t) => t.includes('半导体'))],
  ['净息差', () => titlesWhere((t) => t.includes('净息差'))],
  ['货币政策', () => titlesWhere((t) => t.includes('货币政策'))],
];

describe('relevance set', () => {
  it('holds the reports it names (the demo library did not change under it)', () => {
    for (const [query, expected] of RELEVANCE_SET) expect(expected().length, query).toBeGreaterThan(0);
  });

  it.each(RELEVANCE_SET)('puts the expected reports first for %s', async (query, expected) => {
    const first = expected();
    const r = await search(query, first.length);
    expect(sorted(r.file_list.map((f) => f.title))).toEqual(sorted(first));
  });

  // Broad queries of a large library rank from the champion lists (ranking.test.ts): forced here.
  it.each(RELEVANCE_SET)('puts them first from the champion lists too for %s', async (query, expected) => {
    const champions = createSearchService(createSearchRepo(lib.db, { exactRankLimit: 0 }));
    const first = expected();
    const r = await champions.search({
      keyword: query,
      page_id: 1,
      page_length: first.length,
      filter: {},
      title_only: false,
      keyword_as_text: false,
      one_language: false,
      sorting: 'relevance',
    });
    expect(sorted(r.file_list.map((f) => f.title))).toEqual(sorted(first));
  });
});
