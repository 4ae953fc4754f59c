import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRepo } from '../src/modules/search/repo.js';
import { createSearchService, type SearchService } from '../src/modules/search/service.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

/**
 * Broad queries rank from the champion lists instead of bm25(). Forced on a small library here
 * (exactRankLimit 0), the two rankings must agree on what matches and put the same report first.
 */
let lib: TestLibrary;
let champions: SearchService;
let exact: SearchService;

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, () => `${topic} remains in focus for investors`).join('. ');

beforeAll(async () => {
  lib = await openTestLibrary();
  champions = createSearchService(createSearchRepo(lib.db, { exactRankLimit: 0 }));
  exact = createSearchService(createSearchRepo(lib.db, { exactRankLimit: 1_000_000 }));
  await buildFile(lib.db, {
    title: 'Copper supercycle',
    pages: [filler('copper', 40) + ' Inflation is mentioned once.'],
  });
  await buildFile(lib.db, { title: 'Inflation outlook for 2027', pages: [filler('inflation', 30)] });
  await buildFile(lib.db, {
    title: 'Rates weekly',
    pages: [filler('yield curve', 20) + ' inflation inflation inflation'],
  });
  await buildFile(lib.db, {
    title: 'Chip cycle',
    tags: ['semiconductors'],
    pages: [filler('semiconductor demand', 25)],
  });
  await buildFile(lib.db, {
    title: '新能源汽车行业深度报告',
    language: 'zh',
    issuer: '华泰远景证券',
    pages: ['新能源汽车销量持续增长，电池成本下降。'.repeat(20)],
  });
  await buildFile(lib.db, {
    title: '能源政策点评',
    language: 'zh',
    issuer: '华泰远景证券',
    pages: ['新的能源政策出台，汽车行业受益。'.repeat(20)],
  });
  for (let i = 1; i <= 7; i++) {
    await buildFile(lib.db, { title: `Bond note ${i}`, pages: [filler('bond market', 10 + i)] });
  }
});
afterAll(() => lib.close());

const run = (svc: SearchService, keyword: string, filter = {}) =>
  svc.search({
    keyword,
    page_id: 1,
    page_length: 20,
    filter,
    title_only: false,
    keyword_as_text: false,
    one_language: false,
    sorting: 'relevance',
  });

describe('champion-list ranking', () => {
  it.each(['inflation', 'infla', 'copper', 'semiconductor demand', 'yield curve'])(
    'agrees with exact ranking on the best match for %s',
    async (keyword) => {
      const a = await run(champions, keyword);
      const b = await run(exact, keyword);
      expect(a.total_items).toBe(b.total_items);
      expect(a.file_list[0]?.title).toBe(b.file_list[0]?.title);
      expect(a.file_list.length).toBeGreaterThan(0);
    },
  );

  it('answers exactly a page of an intersection, and pages do not overlap', async () => {
    const page = (page_id: number) =>
      champions.search({
        keyword: 'bond market',
        page_id,
        page_length: 3,
        filter: {},
        title_only: false,
        keyword_as_text: false,
        one_language: false,
        sorting: 'relevance',
      });
    const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.total_items).toBe(7);
    expect([first, second, third].map((p) => p.file_list.length)).toEqual([3, 3, 1]);
    const ids = [first, second, third].flatMap((p) => p.file_list.map((f) => f.id));
    expect(new Set(ids).size).toBe(7);
    expect(first.file_list[0]?.title).toBe('Bond note 7');
  });

  it('ranks the report about a word above one that mentions it', async () => {
    const r = await run(champions, 'inflation');
    const titles = r.file_list.map((f) => f.title);
    expect(titles[0]).toBe('Inflation outlook for 2027');
    expect(titles.indexOf('Rates weekly')).toBeLessThan(
      Math.max(0, titles.indexOf('Copper supercycle')) || 99,
    );
  });

  it('checks phrases in the text: words that stand apart do not match a phrase', async () => {
    const r = await run(champions, '新能源汽车');
    expect(r.file_list.map((f) => f.title)).toEqual(['新能源汽车行业深度报告']);
  });

  it('applies filters to the lists', async () => {
    const r = await run(champions, 'inflation', { language: ['zh'] });
    expect(r.total_items).toBe(0);
    const en = await run(champions, 'copper', { language: ['en'] });
    expect(en.file_list[0]?.title).toBe('Copper supercycle');
  });

  it('keeps the lists in step when a file leaves the index', async () => {
    const repo = createSearchRepo(lib.db, { exactRankLimit: 0 });
    const before = await run(champions, 'copper');
    const seq = (
      await lib.db
        .selectFrom('files')
        .select('seq')
        .where('title', '=', 'Copper supercycle')
        .executeTakeFirstOrThrow()
    ).seq;
    await repo.unindex(seq);
    const after = await run(champions, 'copper');
    expect(after.total_items).toBe(before.total_items - 1);
    expect(after.file_list.map((f) => f.title)).not.toContain('Copper supercycle');
    const left = await lib.db.selectFrom('term_impacts').select('term').where('seq', '=', seq).execute();
    expect(left).toEqual([]);
  });
});
