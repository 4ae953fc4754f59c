import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

/*
 * Text as PDFs give it (ligature characters, full-width Latin and digits, accents) and text as
 * people type it find each other, both ways, and the snippet marks what was found.
 */

let lib: TestLibrary;
const search = (keyword: string) =>
  post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1 });
const titles = (r: { body: SearchResponse }) => r.body.file_list.map((f) => f.title);

beforeAll(async () => {
  lib = await openTestLibrary();
  await buildFile(lib.db, {
    title: 'Quarterly results',
    pages: ['Sales for the ﬁrst 36 weeks of ﬁscal 2023 rose; the eﬀect of ＡＩ servers on ２０２３ margins.'],
  });
  await buildFile(lib.db, {
    title: 'Plain text note',
    pages: ['Capex on AI servers and cafe openings in 2024; the first effect is on margins.'],
  });
  await buildFile(lib.db, { title: 'Café openings', pages: ['ＧＰＵ demand'] });
});
afterAll(() => lib.close());

describe('search folds compatibility forms on both sides', () => {
  it('finds ligatures and full-width forms in the text with the letters people type', async () => {
    expect(titles(await search('first 36 weeks'))).toEqual(['Quarterly results']);
    expect(titles(await search('fiscal'))).toEqual(['Quarterly results']);
    expect(titles(await search('"fiscal 2023"'))).toEqual(['Quarterly results']);
    expect(titles(await search('gpu'))).toEqual(['Café openings']);
    expect((await search('ai servers')).body.total_items).toBe(2);
  });

  it('finds plain text with ligatures and full-width forms in the query', async () => {
    expect((await search('ﬁrst')).body.total_items).toBe(2);
    expect((await search('eﬀect')).body.total_items).toBe(2);
    expect(titles(await search('２０２４'))).toEqual(['Plain text note']);
    expect(titles(await search('ＣＡＰＥＸ'))).toEqual(['Plain text note']);
  });

  it('finds accented words without the accents, and the other way round', async () => {
    expect((await search('cafe')).body.total_items).toBe(2);
    expect((await search('café')).body.total_items).toBe(2);
  });

  it('quotes the folded text in snippets, with the matches marked', async () => {
    const r = await search('fiscal ai');
    const snippet = r.body.file_list[0]?.snippet ?? '';
    expect(snippet).toContain('<mark>fiscal</mark> 2023');
    expect(snippet).toContain('<mark>AI</mark> servers on 2023 margins');
  });
});
