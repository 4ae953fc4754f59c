import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyDetailResponse,
  CompanyNamesListResponse,
  CompanyNamesRecord,
  CompanySearchResponse,
  SearchResponse,
  StockInformation,
} from '@rl/contract';
import { adminSession, auditOf, expectGuarded, manageCall, type TestAdmin } from './admin-helpers.js';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';
import { trialUser } from './library-helpers.js';

/*
 * A company by any of its names, on either database: notes on Tencent that print only its English
 * name are found by 腾讯, the Company filter offers it for 腾讯, its page opens by a Chinese name;
 * names learned from notes and set in the console count as well; a company's name and a ticker are
 * never widened as finance terms.
 */

let lib: TestLibrary;
let admin: TestAdmin;

const note = (ticker: string, company_name: string): StockInformation => ({
  ticker,
  company_name,
  rating: null,
  target_price: null,
});
const search = (keyword: string, more: object = {}) =>
  post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1, ...more });
const titles = (r: { body: SearchResponse }) => r.body.file_list.map((f) => f.title).sort();
const companies = async (input_content: string) =>
  (await post<CompanySearchResponse>(lib.app, '/api/company/search', { input_content })).body.companies;
const names = <T = CompanyNamesRecord>(path: string, body: unknown, token = admin.token) =>
  manageCall<T>(lib, `company/${path}`, body, token);
const nameRows = () =>
  lib.db.selectFrom('company_names').selectAll().orderBy('ticker').orderBy('name').execute();

const TENCENT_NOTES = ['Tencent: games cycle turns', 'Tencent Holdings: cloud margins widen'];

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminSession(lib);
  const add = (spec: Parameters<typeof buildFile>[1]) => buildFile(lib.db, spec);
  await add({
    title: TENCENT_NOTES[0],
    issuer: 'Northbridge Securities',
    publishDate: '2024-05-05',
    pages: ['Tencent games revenue recovers; we stay Overweight on Tencent (700 HK).'],
    stockInformation: [note('0700.HK', 'Tencent')],
  });
  await add({
    title: TENCENT_NOTES[1],
    issuer: 'Harbor Lane Research',
    publishDate: '2024-08-01',
    pages: ['Tencent Holdings cloud margins widen as pricing holds.'],
    stockInformation: [note('0700.HK', 'Tencent Holdings')],
  });
  await add({
    title: 'Fund positioning: crowded positions',
    publishDate: '2024-06-01',
    pages: ['Funds hold large positions in banks; holdings rose.'],
  });
  await add({
    title: 'Hong Kong property: rents fall',
    publishDate: '2024-06-02',
    pages: ['Hong Kong office rents fall again; 700 tenants moved.'],
  });
  // A listing the shipped table lacks, printed with its English name in one note and its Chinese
  // name in another: each name finds both.
  await add({
    title: 'Acme Widgets: initiating',
    publishDate: '2024-07-01',
    pages: ['Acme Widgets ships more widgets.'],
    stockInformation: [note('ACMW.US', 'Acme Widgets')],
  });
  await add({
    title: '艾克米：首次覆盖',
    language: 'zh',
    publishDate: '2024-07-02',
    pages: ['艾克米出货量增长。'],
    stockInformation: [note('ACMW.US', '艾克米')],
  });
});
afterAll(() => lib.close());

describe('search by any name of a company', () => {
  it('finds notes that print only the English name by the Chinese one, and offers the company', async () => {
    for (const keyword of ['腾讯', '腾讯控股', '騰訊控股']) {
      const r = await search(keyword);
      expect(r.status).toBe(200);
      expect(titles(r), keyword).toEqual([...TENCENT_NOTES].sort());
      expect(r.body.company_named).toEqual({ ticker: '0700.HK', name: expect.any(String) as string });
      expect(r.body.also_searched?.find((a) => a.language === 'en')?.terms).toContain('Tencent');
    }
    // Without the widening (one language), the Chinese name finds nothing in English notes.
    expect((await search('腾讯', { one_language: true })).body.total_items).toBe(0);
  });

  it('learns names from notes that print the same ticker in each language', async () => {
    expect(titles(await search('艾克米'))).toEqual(['Acme Widgets: initiating', '艾克米：首次覆盖'].sort());
    expect(titles(await search('Acme Widgets'))).toEqual(
      ['Acme Widgets: initiating', '艾克米：首次覆盖'].sort(),
    );
    expect((await companies('艾克米')).map((c) => c.ticker)).toEqual(['ACMW.US']);
  });

  it("never widens a company's name as a finance term, nor a ticker", async () => {
    const named = await search('Tencent Holdings');
    const added = named.body.also_searched?.flatMap((a) => a.terms) ?? [];
    expect(added).not.toContain('持仓');
    expect(added).not.toContain('positions');
    expect(added).toContain('腾讯控股');
    // Its other names find the company's notes; the notes on positions are not among them.
    expect(titles(named)).toEqual([...TENCENT_NOTES].sort());
    // The same word alone is still the finance term.
    expect((await search('holdings')).body.also_searched?.flatMap((a) => a.terms)).toContain('持仓');

    const ticker = await search('700 HK', { keyword_as_text: true });
    expect(ticker.body.also_searched ?? []).toEqual([]);
    expect(titles(ticker)).toEqual([TENCENT_NOTES[0]]);
  });
});

describe('the Company filter and the company page', () => {
  it('offers the company for a Chinese name its notes never print', async () => {
    for (const typed of ['腾讯', '腾讯控', 'tencent hold']) {
      const [first, ...rest] = await companies(typed);
      expect(first?.ticker, typed).toBe('0700.HK');
      expect(rest).toEqual([]);
      expect(first?.report_count).toBe(2);
      expect(first?.known_names).toEqual(expect.arrayContaining(['Tencent Holdings', '腾讯控股', '腾讯']));
    }
    // Companies the library does not cover are not offered.
    expect(await companies('英伟达')).toEqual([]);
  });

  it('opens the page of a company by any of its names, and says when none is covered', async () => {
    for (const name of ['腾讯', 'Tencent Holdings', '腾讯控股']) {
      const r = await post<CompanyDetailResponse>(lib.app, '/api/company/detail', { name });
      expect(r.status, name).toBe(200);
      expect(r.body.company.ticker).toBe('0700.HK');
      expect(r.body.company.report_count).toBe(2);
      expect(r.body.company.known_names).toContain('腾讯');
    }
    const uncovered = await post<{ code: string }>(lib.app, '/api/company/detail', { name: '英伟达' });
    expect(uncovered.status).toBe(404);
    expect(uncovered.body.code).toBe('not_found');
    const unknown = await post<{ code: string }>(lib.app, '/api/company/detail', { name: '没有这家公司' });
    expect(unknown.status).toBe(404);
    for (const body of [{}, { ticker: '0700.HK', name: '腾讯' }, { name: '' }, { name: 'x'.repeat(101) }]) {
      const bad = await post<{ code: string }>(lib.app, '/api/company/detail', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe('validation');
    }
  });
});

describe("the console's names of companies", () => {
  it('lists a company with each name and where it comes from', async () => {
    const r = await names<CompanyNamesListResponse>('list', { keyword: '腾讯' });
    expect(r.status).toBe(200);
    const tencent = r.body.companies.find((c) => c.ticker === '0700.HK');
    expect(tencent?.zh).toEqual(expect.arrayContaining([{ name: '腾讯控股', source: 'table' }]));
    const acme = (await names<CompanyNamesListResponse>('list', { keyword: 'ACMW.US' })).body.companies;
    expect(acme.map((c) => [c.ticker, c.en, c.zh])).toEqual([
      ['ACMW.US', [{ name: 'Acme Widgets', source: 'notes' }], [{ name: '艾克米', source: 'notes' }]],
    ]);
  });

  it('sets names (audited): a name added finds the notes at once, a name taken away no longer does', async () => {
    const r = await names('save', {
      ticker: 'ACMW.US',
      en: ['Acme Widgets Inc.', 'Acme Widgets'],
      zh: ['艾克米部件'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.en).toEqual([
      { name: 'Acme Widgets', source: 'notes' },
      { name: 'Acme Widgets Inc.', source: 'console' },
    ]);
    expect(r.body.zh).toEqual([{ name: '艾克米部件', source: 'console' }]);
    // The new name finds the note printing an English name; 艾克米, taken away, no longer widens it.
    expect(titles(await search('艾克米部件'))).toEqual(['Acme Widgets: initiating']);
    // 艾克米 was taken away: it is a word again, found only where printed.
    const gone = await search('艾克米');
    expect(gone.body.company_named).toBeUndefined();
    expect(titles(gone)).toEqual(['艾克米：首次覆盖']);
    const audit = await auditOf(lib, 'ACMW.US');
    expect(audit.map((a) => [a.action, a.target_type, a.admin_username])).toEqual([
      ['company.names', 'company', admin.username],
    ]);
    expect(audit[0]?.before).toEqual({ en: 'Acme Widgets', zh: '艾克米' });
    expect(audit[0]?.after).toEqual({ en: 'Acme Widgets Inc. | Acme Widgets', zh: '艾克米部件' });
  });

  it('refuses bad names in the catalogue shape and changes nothing', async () => {
    const rows = await nameRows();
    const audit = await auditOf(lib, 'ACMW.US');
    for (const body of [
      { ticker: 'ACMW.US', en: ['艾克米'], zh: [] },
      { ticker: 'ACMW.US', en: [], zh: ['Acme'] },
      { ticker: 'ACMW.US', en: [], zh: [] },
      { ticker: 'ACMW.US', en: ['Acme', 'acme'], zh: [] },
      { ticker: 'ACMW.US', en: [''], zh: [] },
      { ticker: 'ACMW.US', en: ['x'.repeat(101)], zh: [] },
      { ticker: 'ACMW.US', en: ['Acme\u0007'], zh: [] },
      { ticker: 'ACMW.US', en: Array.from({ length: 21 }, (_, i) => `Acme ${i}`), zh: [] },
      { ticker: '../x', en: ['Acme'], zh: [] },
      { ticker: 'ACMW.US', en: 'Acme', zh: [] },
    ]) {
      const r = await names<{ code: string }>('save', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('validation');
    }
    const unknown = await names<{ code: string }>('save', { ticker: 'NOPE.US', en: ['Nope'], zh: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const user = await trialUser(lib);
    await expectGuarded(lib, user.token, [
      ['company/list', {}],
      ['company/save', { ticker: 'ACMW.US', en: ['Acme'], zh: [] }],
    ]);
    expect(await nameRows()).toEqual(rows);
    expect(await auditOf(lib, 'ACMW.US')).toEqual(audit);
  });
});
