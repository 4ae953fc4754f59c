import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, PLANS } from '@rl/contract';
import { createUsageRepo } from '../src/modules/quota/usage-repo.js';
import { ANON_IP_FACTOR, SEARCH_REFINE_WINDOW_MS } from '../src/modules/quota/service.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary, type Caller } from './harness.js';
import { trialUser } from './library-helpers.js';

/**
 * What counts as a search (docs/api.md): what the user submits, a keyword; its refinements
 * (filters, sorting, title-only, the same keyword again) within SEARCH_REFINE_WINDOW_MS are the
 * same search. Anonymous visitors are counted per browser (fingerprint) and per address.
 */

const NOW = '2026-11-21T10:00:00.000Z';
const LIMIT = PLANS.trial.limits.search.count;

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
  for (let i = 0; i < 6; i++)
    await buildFile(lib.db, {
      title: `Nickel outlook ${i}`,
      publishDate: '2024-03-01',
      assetClass: i % 2 ? 'Commodities' : 'Equities',
      language: i % 3 ? 'en' : 'zh',
      authors: [`Author ${i}`],
    });
});
afterAll(() => lib.close());
beforeEach(() => lib.clock.set(NOW));

interface SearchBody {
  code?: string;
  file_list?: { id: string }[];
  total_items?: number;
}

const search = (body: Record<string, unknown>, who: Caller) =>
  call<SearchBody>(lib.app, '/api/file/search', body, who);
const searchesLeft = async (who: Caller) =>
  (await call<Record<string, number>>(lib.app, '/api/user/quota', {}, who)).body.search_quota;
const after = (ms: number) => lib.clock.set(new Date(Date.parse(NOW) + ms).toISOString());
const user = async (): Promise<Caller> => ({ token: (await trialUser(lib)).token });

/** What the user did: 3 language clicks, 2 asset-class picks and an author, one keyword. */
const REFINEMENTS: Record<string, unknown>[] = [
  { filter: { language: ['en'] } },
  { filter: { language: ['en', 'zh'] } },
  { filter: { language: ['zh'] } },
  { filter: { language: ['zh'], asset_class: 'Equities' } },
  { filter: { language: ['zh'], asset_class: 'Commodities' } },
  { filter: { language: ['zh'], asset_class: 'Commodities', author: 'Author 3' } },
];

describe('what counts as a search', () => {
  it('counts a keyword and its filter refinements within the window as one search', async () => {
    const who = await user();
    expect((await search({ keyword: 'nickel' }, who)).status).toBe(200);
    const totals: (number | undefined)[] = [];
    for (const body of REFINEMENTS) {
      const r = await search({ keyword: 'nickel', ...body }, who);
      expect(r.status, JSON.stringify(body)).toBe(200);
      totals.push(r.body.total_items);
    }
    // Every refinement is searched as asked (reports 0..5: zh are 0 and 3, Commodities the odd).
    expect(totals).toEqual([4, 6, 2, 1, 1, 1]);
    // Sorting, title-only, the same keyword typed again differently, a later page: still one.
    for (const body of [
      { keyword: 'nickel', sorting: 'date_desc' },
      { keyword: 'nickel', title_only: true },
      { keyword: '  NICKEL ' },
      { keyword: 'nickel', ...REFINEMENTS[5], page_id: 2, page_length: 1 },
    ])
      expect((await search(body, who)).status, JSON.stringify(body)).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 1);
    // The refining window runs from the count: 9 minutes later, still the same search.
    after(SEARCH_REFINE_WINDOW_MS - 60_000);
    expect((await search({ keyword: 'nickel', filter: { tags: ['earnings'] } }, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 1);
  });

  it('counts a new keyword as another search', async () => {
    const who = await user();
    expect((await search({ keyword: 'nickel', ...REFINEMENTS[0] }, who)).status).toBe(200);
    expect((await search({ keyword: 'nickel outlook', ...REFINEMENTS[0] }, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 2);
    // Back to the first keyword within its window: the same search as before.
    expect((await search({ keyword: 'nickel' }, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 2);
  });

  it('counts the same keyword again after the window, and refining then opens a new window', async () => {
    const who = await user();
    expect((await search({ keyword: 'nickel' }, who)).status).toBe(200);
    after(SEARCH_REFINE_WINDOW_MS + 1000);
    expect((await search({ keyword: 'nickel', ...REFINEMENTS[0] }, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 2);
    after(SEARCH_REFINE_WINDOW_MS + 60_000);
    expect((await search({ keyword: 'nickel', ...REFINEMENTS[1] }, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 2);
  });

  it('counts filters without a keyword as one search, and the landing list as none', async () => {
    const who = await user();
    for (const body of [{}, { page_id: 2, page_length: 2 }, { sorting: 'date_asc' }])
      expect((await search(body, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT);
    for (const body of REFINEMENTS) expect((await search(body, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 1);
    // Typing a keyword over the filters is a new search.
    expect((await search({ keyword: 'nickel', ...REFINEMENTS[5] }, who)).status).toBe(200);
    expect(await searchesLeft(who)).toBe(LIMIT - 2);
  });

  it('refuses a new keyword past the quota, and a refused keyword frees neither refinements nor pages', async () => {
    const who = await user();
    expect((await search({ keyword: 'nickel' }, who)).status).toBe(200);
    const me = (await call<{ user_info: { id: string } }>(lib.app, '/api/user/info', {}, who)).body.user_info;
    await createUsageRepo(lib.db).add(
      { subject: `u:${me.id}`, type: 'search', period: NOW.slice(0, 7) },
      LIMIT - 1,
    );
    expect(await searchesLeft(who)).toBe(0);
    // The counted keyword's refinements stay open; a new keyword is refused, every time.
    expect((await search({ keyword: 'nickel', ...REFINEMENTS[2] }, who)).status).toBe(200);
    for (const body of [{}, REFINEMENTS[0], { page_id: 2 }, { page_id: 2, ...REFINEMENTS[1] }]) {
      const r = await search({ keyword: 'copper', ...body }, who);
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.body.code).toBe(ERROR_CODES.quotaExceeded);
      expect(r.body.file_list).toBeUndefined();
    }
    // Filters alone are a search too.
    expect((await search(REFINEMENTS[0]!, who)).status).toBe(403);
    expect(await searchesLeft(who)).toBe(0);
  });

  it('counts two refinements sent at once as one search', async () => {
    const who = await user();
    const answers = await Promise.all(REFINEMENTS.map((body) => search({ keyword: 'nickel', ...body }, who)));
    expect(answers.map((r) => r.status)).toEqual(REFINEMENTS.map(() => 200));
    expect(await searchesLeft(who)).toBe(LIMIT - 1);
  });

  it('rejects a bad search body without counting it', async () => {
    const who = await user();
    for (const body of [
      { keyword: 7 },
      { page_id: 0, keyword: 'nickel' },
      { filter: { language: 'English' } },
      { filter: { min_page: 5, max_page: 2 } },
    ])
      expect((await search(body, who)).status, JSON.stringify(body)).toBe(400);
    expect(await searchesLeft(who)).toBe(LIMIT);
  });
});

describe('anonymous visitors', () => {
  it('counts two browser profiles on one address apart', async () => {
    const ip = '10.60.0.1';
    const a = { ip, fingerprint: 'a'.repeat(64) };
    const b = { ip, fingerprint: 'b'.repeat(64) };
    for (let i = 0; i < LIMIT; i++) expect((await search({ keyword: `nickel ${i}` }, a)).status).toBe(200);
    expect((await search({ keyword: 'copper' }, a)).status).toBe(403);
    expect(await searchesLeft(a)).toBe(0);
    expect(await searchesLeft(b)).toBe(LIMIT);
    expect((await search({ keyword: 'copper' }, b)).status).toBe(200);
    // Each browser's refinements are its own: a's keyword is not b's search.
    expect((await search({ keyword: 'nickel 0', ...REFINEMENTS[0] }, b)).status).toBe(200);
    expect(await searchesLeft(b)).toBe(LIMIT - 2);
  });

  it('keeps counting the address when the browser id is cleared: a new id gets only what the address has left', async () => {
    const ip = '10.60.0.2';
    const before = { ip, fingerprint: 'c'.repeat(64) };
    const cleared = { ip, fingerprint: 'd'.repeat(64) };
    // The address has used all but 3 of its share (as earlier visitors' searches would).
    await createUsageRepo(lib.db).add(
      { subject: `ip:${ip}`, type: 'search', period: NOW.slice(0, 7) },
      LIMIT * ANON_IP_FACTOR - 3,
    );
    for (const keyword of ['nickel', 'copper', 'zinc'])
      expect((await search({ keyword }, before)).status).toBe(200);
    expect(await searchesLeft(before)).toBe(0);
    // Clearing local storage makes a new fingerprint; the address part of the count stays.
    expect(await searchesLeft(cleared)).toBe(0);
    const r = await search({ keyword: 'tin' }, cleared);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(ERROR_CODES.quotaExceeded);
    // Another address is not affected.
    expect(await searchesLeft({ ip: '10.60.0.3', fingerprint: 'd'.repeat(64) })).toBe(LIMIT);
  });
});
