import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, PLANS } from '@rl/contract';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { createUsageRepo } from '../src/modules/quota/usage-repo.js';
import { createQuotaService, SEARCH_PAGING_WINDOW_MS } from '../src/modules/quota/service.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary, type Caller } from './harness.js';
import { libraryTables, paidUser, trialUser, userWithToken, type TestUser } from './library-helpers.js';
import { openSecondInstance } from './second-instance.js';

/**
 * The free (trial) plan's limits hold on every path: later pages of a search are free only after
 * a counted first page of the same search, and every call about a report applies the file-age rule
 * the file detail applies.
 */

const NOW = '2026-11-21T10:00:00.000Z';
const MATCHES = 64;
const SEARCH_LIMIT = PLANS.trial.limits.search.count;

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
  for (let i = 0; i < MATCHES; i++)
    await buildFile(lib.db, {
      title: `Nickel outlook ${i}`,
      publishDate: '2024-03-01',
      assetClass: i % 2 ? 'Commodities' : 'Equities',
    });
});
afterAll(() => lib.close());

interface SearchBody {
  code?: string;
  error_msg?: string;
  file_list?: { id: string }[];
  total_items?: number;
}

const search = (body: Record<string, unknown>, who: Caller, app = lib.app) =>
  call<SearchBody>(app, '/api/file/search', body, who);
const searchQuota = async (who: Caller) =>
  (await call<Record<string, number>>(lib.app, '/api/user/quota', {}, who)).body.search_quota;

/** Spends a user's monthly searches down to `left` (as that many counted searches would). */
async function leaveSearches(db: Db, user: TestUser, left: number): Promise<void> {
  await createUsageRepo(db).add(
    { subject: `u:${user.id}`, type: 'search', period: NOW.slice(0, 7) },
    SEARCH_LIMIT - left,
  );
}

const rowCount = async (table: string) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(lib.db)).rows[0]?.n,
  );

const NICKEL = { keyword: 'nickel', page_length: 1 };

describe('later pages of a search', () => {
  it('refuses the paging attack: quota at 0, pages 2..65 of a never-run search return nothing', async () => {
    const u = await trialUser(lib);
    await leaveSearches(lib.db, u, 0);
    let returned = 0;
    for (let page = 2; page <= MATCHES + 1; page++) {
      const r = await search({ ...NICKEL, page_id: page }, { token: u.token });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(ERROR_CODES.quotaExceeded);
      expect(r.body.file_list).toBeUndefined();
      returned += r.body.file_list?.length ?? 0;
    }
    expect(returned).toBe(0);
    expect(await searchQuota({ token: u.token })).toBe(0);
  });

  it('serves the later pages of a counted first page for free, and counts another keyword anew', async () => {
    const u = await trialUser(lib);
    const who = { token: u.token };
    await leaveSearches(lib.db, u, 1);
    const first = await search({ ...NICKEL, page_id: 1 }, who);
    expect(first.status).toBe(200);
    expect(first.body.total_items).toBe(MATCHES);
    expect(await searchQuota(who)).toBe(0);
    // The web's paging: page 2, 3... after page 1, all free, every result reachable.
    const seen = new Set(first.body.file_list?.map((f) => f.id));
    for (let page = 2; page <= MATCHES; page++) {
      const r = await search({ ...NICKEL, page_id: page }, who);
      expect(r.status, `page ${page}`).toBe(200);
      for (const f of r.body.file_list ?? []) seen.add(f.id);
    }
    expect(seen.size).toBe(MATCHES);
    // Spaces around the keyword do not make another search.
    expect((await search({ ...NICKEL, keyword: '  nickel ', page_id: 2 }, who)).status).toBe(200);

    // Refining the same keyword within minutes is the same search (search-counting.test.ts);
    // another keyword is another search: its later pages count, and the quota is spent.
    const refined: Record<string, unknown>[] = [
      { ...NICKEL, filter: { asset_class: 'Commodities' } },
      { ...NICKEL, page_length: 20 },
      { ...NICKEL, sorting: 'date_desc' },
      { ...NICKEL, title_only: true },
    ];
    for (const body of refined)
      expect((await search({ ...body, page_id: 2 }, who)).status, JSON.stringify(body)).toBe(200);
    for (const keyword of ['nickel outlook', 'copper']) {
      const r = await search({ ...NICKEL, keyword, page_id: 2 }, who);
      expect(r.status, keyword).toBe(403);
      expect(r.body.code).toBe(ERROR_CODES.quotaExceeded);
    }
    // The landing list (no keyword, no filter) is not a search: every page is free.
    expect((await search({ page_id: 3, page_length: 5 }, who)).status).toBe(200);

    // Past the window, a later page counts again.
    lib.clock.set(new Date(Date.parse(NOW) + SEARCH_PAGING_WINDOW_MS + 1000).toISOString());
    try {
      expect((await search({ ...NICKEL, page_id: 2 }, who)).status).toBe(403);
    } finally {
      lib.clock.set(NOW);
    }
  });

  it('counts a later page of a never-run search like a first page, and then frees its other pages', async () => {
    const u = await trialUser(lib);
    const who = { token: u.token };
    expect((await search({ ...NICKEL, page_id: 5 }, who)).status).toBe(200);
    expect(await searchQuota(who)).toBe(SEARCH_LIMIT - 1);
    expect((await search({ ...NICKEL, page_id: 6 }, who)).status).toBe(200);
    expect((await search({ ...NICKEL, page_id: 1 }, who)).status).toBe(200);
    // Page 1 of the same keyword within minutes is the same search.
    expect(await searchQuota(who)).toBe(SEARCH_LIMIT - 1);
  });

  it('remembers the search in the database: a later page on another instance is free', async () => {
    const u = await trialUser(lib);
    const who = { token: u.token };
    await leaveSearches(lib.db, u, 1);
    const body = { keyword: 'nickel', filter: { asset_class: 'Equities' }, page_length: 4 };
    expect((await search({ ...body, page_id: 1 }, who)).status).toBe(200);
    const second = await openSecondInstance(lib);
    try {
      const r = await search({ ...body, page_id: 2 }, who, second.app);
      expect(r.status).toBe(200);
      expect(r.body.file_list).toHaveLength(4);
      expect((await search({ ...body, page_id: 2, page_length: 8 }, who, second.app)).status).toBe(200);
      expect((await search({ ...body, keyword: 'zinc', page_id: 2 }, who, second.app)).status).toBe(403);
    } finally {
      await second.close();
    }
  });

  it('keeps the run per visitor: another fingerprint paging the same search is counted', async () => {
    const ip = '10.40.0.1';
    const a = { fingerprint: 'free-pages-a', ip };
    const b = { fingerprint: 'free-pages-b', ip };
    expect((await search({ ...NICKEL, page_id: 1 }, a)).status).toBe(200);
    expect((await search({ ...NICKEL, page_id: 2 }, a)).status).toBe(200);
    expect(await searchQuota(a)).toBe(SEARCH_LIMIT - 1);
    expect((await search({ ...NICKEL, page_id: 2 }, b)).status).toBe(200);
    expect(await searchQuota(b)).toBe(SEARCH_LIMIT - 1);
  });

  it('remembers nothing for a plan without a search limit, and forgets runs past their window', async () => {
    const before = await rowCount('search_runs');
    const p = await paidUser(lib);
    for (let page = 1; page <= 3; page++)
      expect((await search({ ...NICKEL, page_id: page }, { token: p.token })).status).toBe(200);
    expect(await rowCount('search_runs')).toBe(before);

    expect(before).toBeGreaterThan(0);
    const quota = createQuotaService({
      repo: lib.repos.usage,
      files: lib.repos.files,
      transaction: lib.transaction,
      clock: lib.clock,
    });
    await quota.forgetOldSearches();
    expect(await rowCount('search_runs')).toBe(before);
    lib.clock.set(new Date(Date.parse(NOW) + SEARCH_PAGING_WINDOW_MS + 1000).toISOString());
    try {
      await quota.forgetOldSearches();
    } finally {
      lib.clock.set(NOW);
    }
    expect(await rowCount('search_runs')).toBe(0);
  });
});

describe('the file-age rule on every call about a file', () => {
  /** A report the trial plan may not open today (published within the last year, not today). */
  let blocked = '';
  let freshToday = '';
  beforeAll(async () => {
    const pages = ['Zinc demand rose. Smelter output fell in the second quarter.'];
    blocked = (await buildFile(lib.db, { title: 'Zinc recent', publishDate: '2026-06-01', pages })).id;
    freshToday = (await buildFile(lib.db, { title: 'Zinc fresh', publishDate: '2026-11-21', pages })).id;
  });

  type Body = { code?: string; error_msg?: string };
  const calls = (fileId: string): [string, Record<string, unknown>][] => [
    ['/api/file/file_detail', { file_id: fileId }],
    ['/api/file/view', { file_id: fileId }],
    ['/api/dialog/history', { file_id: fileId }],
    ['/api/dialog/chat', { file_id: fileId, question: 'What happened to smelter output?' }],
    ['/api/file/summary', { file_id: fileId }],
    ['/api/file/translate/submit', { file_id: fileId, to_lang: 'zh-hans' }],
    ['/api/file/translate/query', { file_id: fileId, to_lang: 'zh-hans' }],
    ['/api/file/star', { file_id: fileId, active_star: true }],
  ];

  /** What a refused call must leave as it was: the stores it writes and the caller's quotas. */
  const state = async (token: string) => ({
    ...(await libraryTables(lib.db)),
    dialog: await rowCount('dialog_messages'),
    quota: (await call(lib.app, '/api/user/quota', {}, { token })).body,
  });

  async function expectAllRefused(fileId: string, token: string): Promise<void> {
    const before = await state(token);
    const reference = await call<Body>(lib.app, '/api/file/file_detail', { file_id: fileId }, { token });
    expect(reference.status).toBe(403);
    expect(reference.body.code).toBe(ERROR_CODES.fileAgeBlocked);
    for (const [url, body] of calls(fileId)) {
      const r = await call<Body>(lib.app, url, body, { token });
      expect({ url, status: r.status, body: r.body }).toEqual({
        url,
        status: reference.status,
        body: reference.body,
      });
    }
    // The calls a trial plan does not offer at all refuse on the plan first.
    for (const [url, body] of [
      ['/api/file/collection/add', { collection_id: 'x', file_id: fileId }],
      ['/api/file/collection/containing', { file_id: fileId }],
      ['/api/file/download', { file_id: fileId }],
    ] as const) {
      const r = await call<Body>(lib.app, url, body, { token });
      expect({ url, status: r.status, code: r.body.code }).toEqual({
        url,
        status: 403,
        code: ERROR_CODES.planRequired,
      });
    }
    // Nothing was counted, starred, asked or stored.
    expect(await state(token)).toEqual(before);
  }

  it('refuses each call on a blocked report with the detail’s 403 file_age_blocked', async () => {
    const u = await trialUser(lib);
    await expectAllRefused(blocked, u.token);
  });

  it('closes a report’s conversation and star once the rule blocks it (today’s report, tomorrow)', async () => {
    const u = await trialUser(lib);
    const token = u.token;
    const chat = await lib.app.inject({
      method: 'POST',
      url: '/api/dialog/chat',
      payload: { file_id: freshToday, question: 'Smelter output?' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.body).toContain('event: done');
    const history = await call<{ messages: unknown[] }>(
      lib.app,
      '/api/dialog/history',
      { file_id: freshToday },
      { token },
    );
    expect(history.body.messages).toHaveLength(2);
    expect(
      (await call(lib.app, '/api/file/star', { file_id: freshToday, active_star: true }, { token })).status,
    ).toBe(200);

    lib.clock.set('2026-11-22T10:00:00.000Z');
    try {
      await expectAllRefused(freshToday, token);
      // A star from when the report was open can still be removed.
      const unstar = await call(
        lib.app,
        '/api/file/star',
        { file_id: freshToday, active_star: false },
        { token },
      );
      expect(unstar.status).toBe(200);
      expect(unstar.body).toEqual({ file_id: freshToday, starred: false });
    } finally {
      lib.clock.set(NOW);
    }
  });

  it('lets a paid user, and the owner of an upload, use every call', async () => {
    const paid = await paidUser(lib);
    const owner = await userWithToken(lib);
    const own = (
      await buildFile(lib.db, { title: 'My zinc notes', publishDate: '2026-06-01', ownerId: owner.id })
    ).id;
    for (const [who, fileId] of [
      [paid, blocked],
      [owner, own],
    ] as const) {
      for (const [url, body] of [
        ['/api/file/file_detail', { file_id: fileId }],
        ['/api/dialog/history', { file_id: fileId }],
        ['/api/file/summary', { file_id: fileId }],
        ['/api/file/star', { file_id: fileId, active_star: true }],
      ] as const) {
        const r = await call(lib.app, url, body, { token: who.token });
        expect({ url, status: r.status }).toEqual({ url, status: 200 });
      }
    }
  });
});
