import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { openDatabase } from '../src/db/database.js';
import { createSearchRepo } from '../src/modules/search/repo.js';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

let lib: TestLibrary;
const ids: Record<string, string> = {};

const search = (body: object) => post<SearchResponse>(lib.app, '/api/file/search', body);
const titles = (r: { body: SearchResponse }) => r.body.file_list.map((f) => f.title);

beforeAll(async () => {
  lib = await openTestLibrary();
  const add = async (key: string, spec: Parameters<typeof buildFile>[1]) =>
    (ids[key] = (await buildFile(lib.db, spec)).id);
  await add('japan', {
    title: 'Japan autos outlook',
    issuer: 'Northbridge Securities',
    authors: ['Jane Doe'],
    country: 'Japan',
    assetClass: 'Equities',
    publishDate: '2024-03-12',
    tags: ['autos', 'japan'],
    pages: ['Toyota semiconductor supply improves while inflation cools.', 'Valuation remains attractive.'],
    pageCount: 12,
  });
  await add('rates', {
    title: 'US inflation and the yield curve',
    issuer: 'Harbor Lane Research',
    authors: ['John Roe', 'Ann Lee'],
    country: 'U.S.',
    assetClass: 'Rates',
    publishDate: '2023-01-10',
    tags: ['inflation', 'rates'],
    pages: ['Inflation expectations drive the curve. <script>alert(1)</script> & more.'],
    pageCount: 5,
  });
  await add('zh', {
    title: '新能源汽车行业深度报告',
    issuer: '华泰远景证券',
    authors: ['张三'],
    language: 'zh',
    country: 'China',
    assetClass: 'Equities',
    publishDate: '2025-06-01',
    tags: ['新能源', 'autos'],
    pages: ['新能源汽车销量持续增长，电池成本下降。政策支持力度加大。'],
    pageCount: 20,
  });
  await add('copper', {
    title: 'Copper demand',
    issuer: 'Northbridge Securities',
    authors: ['Mark Poe'],
    country: 'Global',
    assetClass: 'Commodities',
    publishDate: '2022-05-05',
    tags: ['copper'],
    pages: ['Copper demand rises; inflation hedges are popular.'],
    pageCount: 30,
  });
  await add('hidden', { title: 'Inflation draft', status: 'processing', publishDate: '2026-01-01' });
  await add('private', {
    title: 'Inflation private notes',
    visibility: 'private',
    publishDate: '2026-01-02',
  });
});
afterAll(() => lib.close());

describe('keyword search', () => {
  it('lists the whole readable library by date when the keyword is empty, whatever sorting is asked', async () => {
    const r = await search({ keyword: '', page_id: 1, sorting: 'relevance' });
    expect(r.status).toBe(200);
    expect(r.body.total_items).toBe(4);
    expect(r.body.sorting).toBe('date_desc');
    expect(titles(r)).toEqual([
      '新能源汽车行业深度报告',
      'Japan autos outlook',
      'US inflation and the yield curve',
      'Copper demand',
    ]);
    expect(r.body.file_list.every((f) => f.snippet === '')).toBe(true);
  });

  it('ranks a title match above body matches and never shows unready or private files', async () => {
    const r = await search({ keyword: 'inflation', page_id: 1 });
    expect(r.body.sorting).toBe('relevance');
    expect(r.body.total_items).toBe(3);
    expect(titles(r)[0]).toBe('US inflation and the yield curve');
    expect(titles(r)).not.toContain('Inflation draft');
    expect(titles(r)).not.toContain('Inflation private notes');
  });

  it('returns snippets as escaped HTML with the matches marked', async () => {
    const r = await search({ keyword: 'expectations', page_id: 1 });
    const snippet = r.body.file_list[0]?.snippet ?? '';
    expect(snippet).toContain('<mark>expectations</mark>');
    expect(snippet).toContain('&lt;script&gt;');
    expect(snippet).not.toContain('<script>');
  });

  it('matches the last word typed as a prefix, but not a completed word', async () => {
    expect((await search({ keyword: 'infla', page_id: 1 })).body.total_items).toBe(3);
    expect((await search({ keyword: 'infla ', page_id: 1 })).body.total_items).toBe(0);
  });

  it('needs every word to match', async () => {
    const r = await search({ keyword: 'copper inflation', page_id: 1 });
    expect(titles(r)).toEqual(['Copper demand']);
  });

  it('searches titles only when asked', async () => {
    const r = await search({ keyword: 'inflation', page_id: 1, title_only: true });
    expect(titles(r)).toEqual(['US inflation and the yield curve']);
    const prefix = await search({ keyword: 'infl', page_id: 1, title_only: true });
    expect(titles(prefix)).toEqual(['US inflation and the yield curve']);
    const zh = await search({ keyword: '新能源汽车', page_id: 1, title_only: true });
    expect(titles(zh)).toEqual(['新能源汽车行业深度报告']);
    expect((await search({ keyword: '电池成本', page_id: 1, title_only: true })).body.total_items).toBe(0);
  });

  it('finds Chinese words in titles and bodies, with unspaced Chinese snippets', async () => {
    const title = await search({ keyword: '新能源', page_id: 1 });
    expect(titles(title)).toEqual(['新能源汽车行业深度报告']);
    const body = await search({ keyword: '电池成本', page_id: 1 });
    expect(titles(body)).toEqual(['新能源汽车行业深度报告']);
    expect(body.body.file_list[0]?.snippet).toContain('<mark>电池成本</mark>下降');
  });

  it('finds reports by issuer and author names', async () => {
    expect(titles(await search({ keyword: 'harbor', page_id: 1 }))).toEqual([
      'US inflation and the yield curve',
    ]);
    expect(titles(await search({ keyword: '华泰远景证券', page_id: 1 }))).toEqual(['新能源汽车行业深度报告']);
  });

  it('sorts matches by date either way when asked', async () => {
    const desc = await search({ keyword: 'inflation', page_id: 1, sorting: 'date_desc' });
    expect(titles(desc)).toEqual([
      'Japan autos outlook',
      'US inflation and the yield curve',
      'Copper demand',
    ]);
    const asc = await search({ keyword: 'inflation', page_id: 1, sorting: 'date_asc' });
    expect(titles(asc)).toEqual(['Copper demand', 'US inflation and the yield curve', 'Japan autos outlook']);
  });

  it('takes query syntax in the keyword literally', async () => {
    for (const keyword of [
      '"',
      'NEAR(',
      'title:inflation',
      '*',
      'a OR',
      '(',
      "'; DROP TABLE files; --",
      '^ -',
      "inflation & !curve | 'x':* <-> y",
      '\\',
      ':*A',
    ]) {
      const r = await search({ keyword, page_id: 1 });
      expect(r.status, keyword).toBe(200);
    }
    expect((await search({ keyword: 'title:inflation', page_id: 1 })).body.total_items).toBe(0);
    expect((await search({ keyword: 'inflation & !curve', page_id: 1 })).body.total_items).toBe(1);
  });
});

describe('filters', () => {
  const filtered = async (filter: object, keyword = '') =>
    titles(await search({ keyword, page_id: 1, filter }));

  it('filters by comma-joined issuers', async () => {
    expect(await filtered({ issuer: 'Harbor Lane Research, 华泰远景证券' })).toEqual([
      '新能源汽车行业深度报告',
      'US inflation and the yield curve',
    ]);
  });
  it('filters by author, case-insensitively and by part of the name', async () => {
    expect(await filtered({ author: 'roe' })).toEqual(['US inflation and the yield curve']);
    expect(await filtered({ author: '100%_' })).toEqual([]);
  });
  it('filters by date range, inclusive', async () => {
    expect(await filtered({ from_date: '2023-01-10', to_date: '2024-03-12' })).toEqual([
      'Japan autos outlook',
      'US inflation and the yield curve',
    ]);
  });
  it('filters by asset class, country and language', async () => {
    expect(await filtered({ asset_class: 'Commodities' })).toEqual(['Copper demand']);
    expect(await filtered({ country: 'Japan' })).toEqual(['Japan autos outlook']);
    expect(await filtered({ language: ['zh'] })).toEqual(['新能源汽车行业深度报告']);
    expect((await filtered({ language: ['en', 'zh'] })).length).toBe(4);
  });
  it('filters by tags (any of them)', async () => {
    expect(await filtered({ tags: ['rates', 'copper'] })).toEqual([
      'US inflation and the yield curve',
      'Copper demand',
    ]);
  });
  it('filters by page count', async () => {
    expect(await filtered({ min_page: 12, max_page: 20 })).toEqual([
      '新能源汽车行业深度报告',
      'Japan autos outlook',
    ]);
  });
  it('combines filters with a keyword', async () => {
    expect(await filtered({ asset_class: 'Equities' }, 'autos')).toEqual([
      'Japan autos outlook',
      '新能源汽车行业深度报告',
    ]);
    expect(await filtered({ asset_class: 'Equities', language: ['en'] }, 'autos')).toEqual([
      'Japan autos outlook',
    ]);
    expect(await filtered({ country: 'Global' }, 'inflation')).toEqual(['Copper demand']);
  });
});

describe('paging', () => {
  it('pages without overlap and counts exactly', async () => {
    const p1 = await search({ keyword: '', page_id: 1, page_length: 3 });
    const p2 = await search({ keyword: '', page_id: 2, page_length: 3 });
    expect(p1.body.file_list).toHaveLength(3);
    expect(p2.body.file_list).toHaveLength(1);
    expect(p1.body.total_items).toBe(4);
    expect(p2.body.total_items).toBe(4);
    const all = [...titles(p1), ...titles(p2)];
    expect(new Set(all).size).toBe(4);
  });
  it('answers an empty page past the end', async () => {
    const r = await search({ keyword: 'inflation', page_id: 9 });
    expect(r.status).toBe(200);
    expect(r.body.file_list).toEqual([]);
    expect(r.body.total_items).toBe(3);
  });
  it('uses 20 as the default page length', async () => {
    expect((await search({})).body.page_length).toBe(20);
  });
});

describe('bad input', () => {
  const bad: [string, object][] = [
    ['page_id 0', { page_id: 0 }],
    ['negative page_id', { page_id: -1 }],
    ['page_id as text', { page_id: 'one' }],
    ['fractional page_id', { page_id: 1.5 }],
    ['page_length over 100', { page_id: 1, page_length: 101 }],
    ['page_length huge', { page_id: 1, page_length: 1e9 }],
    ['page_length 0', { page_id: 1, page_length: 0 }],
    ['month 13', { page_id: 1, filter: { from_date: '2024-13-01' } }],
    ['30 February', { page_id: 1, filter: { to_date: '2024-02-30' } }],
    ['a date in words', { page_id: 1, filter: { from_date: 'yesterday' } }],
    ['from after to', { page_id: 1, filter: { from_date: '2024-05-01', to_date: '2024-01-01' } }],
    ['unknown asset class', { page_id: 1, filter: { asset_class: 'Stocks' } }],
    ['unknown country', { page_id: 1, filter: { country: 'Mars' } }],
    ['unknown language', { page_id: 1, filter: { language: ['fr'] } }],
    ['language not a list', { page_id: 1, filter: { language: 'en' } }],
    ['min_page over max_page', { page_id: 1, filter: { min_page: 10, max_page: 2 } }],
    ['negative min_page', { page_id: 1, filter: { min_page: -1 } }],
    ['filter not an object', { page_id: 1, filter: 'x' }],
    ['unknown sorting', { page_id: 1, sorting: 'random' }],
    ['keyword not text', { page_id: 1, keyword: 5 }],
    ['keyword too long', { page_id: 1, keyword: 'x'.repeat(201) }],
    ['title_only not boolean', { page_id: 1, title_only: 'yes' }],
  ];
  it.each(bad)('answers 400 with a message for %s', async (_name, body) => {
    const r = await search(body);
    expect(r.status).toBe(400);
    expect(typeof r.body).toBe('object');
    expect((r.body as unknown as { error_msg: string }).error_msg.length).toBeGreaterThan(3);
  });

  it('names the offending field', async () => {
    const r = await post<{ error_msg: string; field: string }>(lib.app, '/api/file/search', { page_id: 0 });
    expect(r.body.field).toBe('page_id');
    expect(r.body.error_msg).toContain('page_id');
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await lib.app.inject({
      method: 'POST',
      url: '/api/file/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"keyword": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_msg: expect.any(String) });
  });

  it('answers a JSON 404 to an unknown endpoint', async () => {
    const r = await post(lib.app, '/api/file/nope', {});
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error_msg: expect.stringContaining('/api/file/nope') });
  });
});

describe('several instances on one database', () => {
  it('counts exactly when another instance changes the index', async () => {
    // A second connection pool, as a second API instance or a worker would have.
    const other = openDatabase(lib.config.database);
    try {
      const count = async (keyword: string) => (await search({ keyword, page_id: 1 })).body.total_items;
      expect(await count('pomelo')).toBe(0);
      const library = await count('');
      const f = await buildFile(other, { title: 'Pomelo harvest', publishDate: '2021-01-01' });
      expect(await count('pomelo')).toBe(1);
      expect(await count('')).toBe(library + 1);
      await other.transaction().execute(async (trx) => {
        await trx.deleteFrom('files').where('seq', '=', f.seq).execute();
        await createSearchRepo(trx).unindex(f.seq);
      });
      expect(await count('pomelo')).toBe(0);
      expect(await count('')).toBe(library);
    } finally {
      await other.destroy();
    }
  });
});

describe('reports without a date', () => {
  it('come last by newest first and first by oldest first, as the library lists them', async () => {
    const undated = await buildFile(lib.db, { title: 'Quince undated', publishDate: null });
    const dated = await buildFile(lib.db, { title: 'Quince dated', publishDate: '2020-02-02' });
    try {
      for (const keyword of ['quince', '']) {
        const desc = titles(await search({ keyword, page_id: 1, sorting: 'date_desc', page_length: 100 }));
        expect(desc.at(-1), keyword).toBe('Quince undated');
        const asc = titles(await search({ keyword, page_id: 1, sorting: 'date_asc', page_length: 100 }));
        expect(asc.slice(0, 2), keyword).toEqual(['Quince undated', 'Quince dated']);
      }
    } finally {
      await lib.db.transaction().execute(async (trx) => {
        for (const f of [undated, dated]) {
          await trx.deleteFrom('files').where('seq', '=', f.seq).execute();
          await createSearchRepo(trx).unindex(f.seq);
        }
      });
    }
  });
});
