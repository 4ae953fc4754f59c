import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, PLANS } from '@rl/contract';
import { ANON_IP_FACTOR } from '../src/modules/quota/service.js';
import { buildUser, loginToken } from './accounts.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
const files: string[] = [];
let recent = '';
let today = '';
let old = '';
beforeAll(async () => {
  lib = await openTestLibrary();
  for (let i = 0; i < 25; i++)
    files.push((await buildFile(lib.db, { title: `Copper outlook ${i}`, publishDate: '2024-03-01' })).id);
  recent = (await buildFile(lib.db, { title: 'Recent copper', publishDate: '2026-06-01' })).id;
  today = (await buildFile(lib.db, { title: 'Fresh copper', publishDate: '2026-11-21' })).id;
  old = (await buildFile(lib.db, { title: 'Year-old copper', publishDate: '2025-11-20' })).id;
});
afterAll(() => lib.close());

const search = (body: Record<string, unknown>, opts: { token?: string; fingerprint?: string; ip?: string }) =>
  call<{ code?: string; error_msg?: string }>(lib.app, '/api/file/search', body, opts);
const detail = (file_id: string, opts: { token?: string; fingerprint?: string; ip?: string } = {}) =>
  call<{ code?: string; error_msg?: string; file_info?: { encrypted_file_url: string } }>(
    lib.app,
    '/api/file/file_detail',
    { file_id },
    opts,
  );
const quota = async (token: string) =>
  (await call<Record<string, number>>(lib.app, '/api/user/quota', {}, { token })).body;

describe('search quota', () => {
  it('counts keyword or filter searches; the 31st answers 403 quota_exceeded', async () => {
    const u = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    // The landing list is free; a later page of a counted search too (free-plan-limits.test.ts).
    for (let i = 0; i < 5; i++) expect((await search({}, { token })).status).toBe(200);
    expect((await search({ keyword: 'copper' }, { token })).status).toBe(200);
    expect((await search({ keyword: 'copper', page_id: 2 }, { token })).status).toBe(200);
    expect((await quota(token)).search_quota).toBe(29);
    for (let i = 0; i < 28; i++)
      expect((await search({ keyword: `copper ${i}` }, { token })).status).toBe(200);
    expect((await search({ filter: { asset_class: 'Equities' } }, { token })).status).toBe(200);
    expect((await quota(token)).search_quota).toBe(0);
    // A new keyword (the same one within minutes is the same search: search-counting.test.ts).
    const over = await search({ keyword: 'zinc' }, { token });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      code: ERROR_CODES.quotaExceeded,
      error_msg:
        'You have used all 30 searches of the free plan this month; more from 2026-12-01. The institutional plan has no search limit.',
      reason: 'monthly_searches',
      limit: 30,
      used: 30,
      renews_at: '2026-12-01T00:00:00.000Z',
    });
    expect((await search({ keyword: 'copper', page_id: 2 }, { token })).status).toBe(200);
    // A new month starts afresh.
    lib.clock.set('2026-12-01T00:00:01.000Z');
    // Ten days on, the session unused since has ended (SESSION_IDLE_DAYS): a new login.
    const again = await loginToken(lib, u.username, u.password);
    expect((await search({ keyword: 'copper' }, { token: again })).status).toBe(200);
    lib.clock.set('2026-11-21T10:00:00.000Z');
  });

  it('never limits a paid user', async () => {
    const u = await buildUser(lib.db, { level: 'paid_v0', expires: '2027-11-21T00:00:00.000Z' });
    const token = await loginToken(lib, u.username, u.password);
    for (let i = 0; i < 35; i++) expect((await search({ keyword: 'copper' }, { token })).status).toBe(200);
    expect((await quota(token)).search_quota).toBe(-1);
  });

  it(`counts anonymous visitors per fingerprint (30) and per IP (${ANON_IP_FACTOR} x 30)`, async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 30; i++)
      expect((await search({ keyword: `copper ${i}` }, { ip, fingerprint: 'anon-a' })).status).toBe(200);
    expect((await search({ keyword: 'copper' }, { ip, fingerprint: 'anon-a' })).status).toBe(403);
    // Same fingerprint elsewhere: still spent. Another browser on that IP: its own 30.
    expect((await search({ keyword: 'copper' }, { ip: '10.20.0.2', fingerprint: 'anon-a' })).status).toBe(
      403,
    );
    const q = await call<Record<string, number>>(
      lib.app,
      '/api/user/quota',
      {},
      { ip, fingerprint: 'anon-b' },
    );
    expect(q.body.search_quota).toBe(30);
    // The IP as a whole: 150 searches from however many fingerprints.
    let ok = 30;
    for (let n = 0; ok < 30 * ANON_IP_FACTOR; n++) {
      const r = await search({ keyword: `copper ${n}` }, { ip, fingerprint: `anon-${n % 30}-x` });
      expect(r.status).toBe(200);
      ok++;
    }
    expect((await search({ keyword: 'copper' }, { ip, fingerprint: 'anon-fresh' })).status).toBe(403);
  });
});

describe('report quota and the trial file-age rule', () => {
  it('counts each report once per month and stops at 20', async () => {
    const u = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    for (let i = 0; i < 20; i++) expect((await detail(files[i]!, { token })).status).toBe(200);
    expect((await detail(files[0]!, { token })).status).toBe(200);
    expect((await quota(token)).report_quota).toBe(0);
    const over = await detail(files[20]!, { token });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe(ERROR_CODES.quotaExceeded);
    expect(over.body.file_info).toBeUndefined();
    const consumption = await call(
      lib.app,
      '/api/user/consumption',
      { type: 'report', file_id: files[21] },
      { token },
    );
    expect(consumption.status).toBe(403);
    expect((await call(lib.app, '/api/user/consumption', { type: 'chat' }, { token })).body).toEqual({
      type: 'chat',
      remaining: PLANS.trial.limits.chat.count - 1,
    });
    expect((await call(lib.app, '/api/user/consumption', { type: 'nope' }, { token })).body).toMatchObject({
      field: 'type',
    });
    const dl = await call(lib.app, '/api/user/consumption', { type: 'download' }, { token });
    expect(dl.status).toBe(403);
    expect(dl.body).toMatchObject({ code: ERROR_CODES.planRequired });
  });

  it('opens only today’s reports and those over a year old on the trial plan (detail and view)', async () => {
    const u = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    const blocked = await detail(recent, { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe(ERROR_CODES.fileAgeBlocked);
    expect(blocked.body.error_msg).toMatch(/today or more than one year ago/);
    expect((await call(lib.app, '/api/file/view', { file_id: recent }, { token })).status).toBe(403);
    expect((await quota(token)).report_quota).toBe(20);
    expect((await detail(today, { token })).status).toBe(200);
    expect((await detail(old, { token })).status).toBe(200);
    expect((await call(lib.app, '/api/file/view', { file_id: old }, { token })).status).toBe(200);
    // Anonymous visitors get the trial rules.
    expect((await detail(recent, { fingerprint: 'anon-z', ip: '10.30.0.1' })).status).toBe(403);
  });

  it('lets a paid user open any report, and treats an expired paid level as trial', async () => {
    const paid = await buildUser(lib.db, { level: 'paid_v0', expires: '2027-11-21T00:00:00.000Z' });
    const lapsed = await buildUser(lib.db, { level: 'paid_v0', expires: '2026-11-01T00:00:00.000Z' });
    const p = await detail(recent, { token: await loginToken(lib, paid.username, paid.password) });
    expect(p.status).toBe(200);
    expect(p.body.file_info?.encrypted_file_url).toMatch(/^\/api\/file\/stream\//);
    const l = await detail(recent, { token: await loginToken(lib, lapsed.username, lapsed.password) });
    expect(l.status).toBe(403);
    expect(l.body.code).toBe(ERROR_CODES.fileAgeBlocked);
  });
});
