import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

/*
 * Simplified and traditional Chinese are one script for search: a report printed in either is
 * found by a query typed in either, through the library's real index (FTS5 on SQLite, tsvector on
 * PostgreSQL), and the highlights mark the characters as the report prints them.
 */

let lib: TestLibrary;
const search = (keyword: string, more: Record<string, unknown> = {}) =>
  post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1, ...more });
const titles = async (keyword: string, more: Record<string, unknown> = {}) =>
  (await search(keyword, more)).body.file_list.map((f) => f.title).sort();

const SIMPLIFIED_TITLE = '证券行业周报：利率债收益率下行';
const TRADITIONAL_TITLE = '證券業週報：利率債殖利率走低';

beforeAll(async () => {
  lib = await openTestLibrary();
  await buildFile(lib.db, {
    title: SIMPLIFIED_TITLE,
    language: 'zh',
    publishDate: '2024-03-01',
    pages: ['本周证券板块表现平稳。利率债市场方面，十年期国债收益率下行，信用利差收窄。'],
  });
  await buildFile(lib.db, {
    title: TRADITIONAL_TITLE,
    language: 'zh',
    publishDate: '2024-03-02',
    pages: ['本週香港證券市場成交回升。利率債市場方面，美國國債殖利率走低，資金面寬鬆。'],
  });
  await buildFile(lib.db, {
    title: '新能源汽车月报',
    language: 'zh',
    publishDate: '2024-03-03',
    pages: ['新能源汽车销量同比增长，电池成本继续下降。'],
  });
});
afterAll(() => lib.close());

const BOTH = [SIMPLIFIED_TITLE, TRADITIONAL_TITLE].sort();

describe('search across simplified and traditional Chinese', () => {
  it('finds the same reports for 證券 and 证券, 利率債 and 利率债', async () => {
    expect(await titles('证券')).toEqual(BOTH);
    expect(await titles('證券')).toEqual(BOTH);
    expect(await titles('利率债')).toEqual(BOTH);
    expect(await titles('利率債')).toEqual(BOTH);
    expect(await titles('電池')).toEqual(['新能源汽车月报']);
  });

  it('finds them by date, by title only and as a quoted phrase, in either script', async () => {
    expect(await titles('證券', { sorting: 'date_desc' })).toEqual(BOTH);
    expect(await titles('利率债', { title_only: true })).toEqual(BOTH);
    expect(await titles('週報', { title_only: true })).toEqual(BOTH);
    expect(await titles('"利率債市場"')).toEqual(BOTH);
    expect(await titles('"國債收益率"')).toEqual([SIMPLIFIED_TITLE]);
    expect(await titles('殖利率 证券')).toEqual([TRADITIONAL_TITLE]);
  });

  it('marks the characters of the title as printed, whichever script was typed', async () => {
    const r = await search('证券 利率债');
    const byTitle = new Map(r.body.file_list.map((f) => [f.title, f.title_html]));
    expect(byTitle.get(TRADITIONAL_TITLE)).toBe('<mark>證券</mark>業週報：<mark>利率債</mark>殖利率走低');
    expect(byTitle.get(SIMPLIFIED_TITLE)).toBe('<mark>证券</mark>行业周报：<mark>利率债</mark>收益率下行');
  });

  it('marks the words of the snippet for a query in the other script', async () => {
    const r = await search('證券');
    const snippet = r.body.file_list.find((f) => f.title === SIMPLIFIED_TITLE)?.snippet ?? '';
    expect(snippet).toContain('本周<mark>证券</mark>板块表现平稳');
  });

  it('shows the excerpt of a traditional report as printed, marked for a query in either script', async () => {
    for (const keyword of ['证券 利率债', '證券 利率債']) {
      const r = await search(keyword);
      const snippet = r.body.file_list.find((f) => f.title === TRADITIONAL_TITLE)?.snippet ?? '';
      expect(snippet).toContain(
        '本週香港<mark>證券</mark>市場成交回升。<mark>利率債</mark>市場方面，美國國債殖利率走低',
      );
    }
  });
});
