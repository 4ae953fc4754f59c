import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN_TTL_HOURS,
  ERROR_CODES,
  type AdminDownloadHistoryResponse,
  type AdminLoginResponse,
  type AdminRefreshResponse,
  type AdminUserListResponse,
  type AdminUserResponse,
  type AuditListResponse,
} from '@rl/contract';
import { buildUser } from './accounts.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { expect400, trialUser, userWithToken, type TestUser } from './library-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
const ADMIN_PASSWORD = 'Adm1nPassw0rd';

let lib: TestLibrary;
let admin: { id: string; username: string; token: string };
let ipCounter = 0;
/** Each login from its own address: the per-IP login throttle is tested on its own. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const login = (username: string, passwd: string, ip = freshIp()) =>
  call<AdminLoginResponse>(lib.app, '/api/manage/admin/login', { username, passwd }, { ip });
const manage = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) =>
  call<T>(lib.app, `/api/manage/${path}`, body, token ? { token } : {});
const auditRows = () => lib.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();
const userRow = (id: string) =>
  lib.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  lib = await openTestLibrary();
  const a = await buildUser(lib.db, {
    username: 'root_admin',
    password: ADMIN_PASSWORD,
    roles: ['admin', 'user'],
  });
  const r = await login(a.username, ADMIN_PASSWORD);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  admin = { id: a.id, username: a.username, token: r.body.token };
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

describe('admin login', () => {
  it('answers a token, its expiry and admin_info; the token is stored hashed', async () => {
    const r = await login('ROOT_ADMIN', ADMIN_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.admin_info).toEqual({
      id: admin.id,
      username: 'root_admin',
      email: 'root_admin@example.com',
      role: ['admin', 'user'],
    });
    expect(r.body.expires_time).toBe(
      new Date(Date.parse(NOW) + ADMIN_TOKEN_TTL_HOURS * 3600_000).toISOString(),
    );
    const stored = await lib.db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(r.body.token);
    // Not a user session.
    const inSessions = await lib.db.selectFrom('sessions').selectAll().execute();
    expect(inSessions).toHaveLength(0);
  });

  it('records the login on the account and activates one never activated, as the user login does', async () => {
    const fresh = await buildUser(lib.db, {
      username: 'new_admin',
      password: ADMIN_PASSWORD,
      roles: ['admin', 'user'],
    });
    await lib.db
      .updateTable('users')
      .set({ status: 'inactive', last_login_time: null })
      .where('id', '=', fresh.id)
      .execute();
    const r = await login('new_admin', ADMIN_PASSWORD);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await userRow(fresh.id)).toMatchObject({ status: 'active', last_login_time: NOW });
    await lib.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', fresh.id).execute();
    expect((await login('new_admin', ADMIN_PASSWORD)).status).toBe(400);
    expect((await userRow(fresh.id)).status).toBe('disabled');
  });

  it('answers the same 400 invalid_credentials for a wrong password, an unknown account and a non-admin', async () => {
    const user = await buildUser(lib.db, { password: 'UserPassw0rd' });
    const expected = { error_msg: 'Incorrect username or password', code: ERROR_CODES.invalidCredentials };
    const wrong = await login('root_admin', 'not-the-password');
    const unknown = await login('nobody_here', ADMIN_PASSWORD);
    const notAdmin = await login(user.username, 'UserPassw0rd');
    for (const r of [wrong, unknown, notAdmin]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual(expected);
    }
    // The non-admin's right password is not a failure of their account, and no session was made.
    expect(
      await lib.db.selectFrom('admin_sessions').where('admin_id', '=', user.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('a disabled administrator cannot log in, and their live token stops working', async () => {
    const a = await buildUser(lib.db, { password: ADMIN_PASSWORD, roles: ['admin'] });
    const ok = await login(a.username, ADMIN_PASSWORD);
    expect(ok.status).toBe(200);
    await lib.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', a.id).execute();
    expect((await login(a.username, ADMIN_PASSWORD)).status).toBe(400);
    expect((await manage('user/list', {}, ok.body.token)).status).toBe(401);
  });

  it('is throttled like the user login: 10 failures lock that address out (429), even for the right password', async () => {
    const a = await buildUser(lib.db, { password: ADMIN_PASSWORD, roles: ['admin'] });
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(a.username, `wrong-${i}`, ip)).status).toBe(400);
    const locked = await login(a.username, ADMIN_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: ERROR_CODES.tooManyRequests });
    // Another address still gets in; the failures age out after 15 minutes.
    expect((await login(a.username, ADMIN_PASSWORD)).status).toBe(200);
    lib.clock.set('2026-11-21T10:16:00.000Z');
    expect((await login(a.username, ADMIN_PASSWORD, ip)).status).toBe(200);
  });

  it('is throttled per IP address: the 31st attempt of a minute answers 429', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) expect((await login(`nobody${i}`, 'x', ip)).status).toBe(400);
    expect((await login('root_admin', ADMIN_PASSWORD, ip)).status).toBe(429);
  });

  it('bad input gets a 400 in the catalogue shape', async () => {
    expect400(await login('', ADMIN_PASSWORD), 'username');
    expect400(await call(lib.app, '/api/manage/admin/login', { username: 'root_admin' }), 'passwd');
  });
});

describe('the admin guard', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await trialUser(lib);
  });
  const calls = (): [string, unknown][] => [
    ['user/list', {}],
    ['user/level_change', { user_id: user.id, user_level: 'paid_v0', user_level_expire_time: null }],
    ['user/refresh', { user_id: user.id }],
    ['user/download_history', { user_id: user.id }],
    ['audit/list', {}],
  ];

  it('refuses every /api/manage call without a token, with a user token, with a bad or expired admin token', async () => {
    const before = { user: await userRow(user.id), audit: (await auditRows()).length };
    const userOfAdmin = (await userWithToken(lib, { roles: ['admin', 'user'] })).token;
    for (const [path, body] of calls()) {
      const none = await manage(path, body);
      expect(none.status, path).toBe(401);
      expect(none.body).toEqual({ error_msg: 'Please login as an administrator', code: 'unauthorized' });
      expect((await manage(path, body, user.token)).status, path).toBe(401);
      // A user session of an administrator account is not an admin token either.
      expect((await manage(path, body, userOfAdmin)).status, path).toBe(401);
      expect((await manage(path, body, 'made-up-token')).status, path).toBe(401);
      // Refused before the body is read: bad input without a token is still a 401.
      expect((await manage(path, { user_id: 5 })).status, path).toBe(401);
    }
    lib.clock.set(new Date(Date.parse(NOW) + (ADMIN_TOKEN_TTL_HOURS * 3600 + 1) * 1000).toISOString());
    for (const [path, body] of calls()) expect((await manage(path, body, admin.token)).status).toBe(401);
    expect(await userRow(user.id)).toEqual(before.user);
    expect((await auditRows()).length).toBe(before.audit);
  });

  it('lets an admin token through every /api/manage call', async () => {
    for (const [path, body] of calls()) {
      const r = await manage(path, body, admin.token);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    }
  });

  it('an admin token is refused (401) by user calls that need a user, and is anonymous on open ones', async () => {
    for (const path of [
      '/api/user/info',
      '/api/user/quota',
      '/api/file/collection/list',
      '/api/file/download',
    ]) {
      const r = await call(lib.app, path, { file_id: 'f_x' }, { token: admin.token });
      expect(r.status, path).toBe(401);
      expect(r.body.code).toBe('unauthorized');
    }
    // Logout is the exception: it ends the session of whatever token it carries (logout.test.ts).
    const another = await login(admin.username, ADMIN_PASSWORD);
    expect((await call(lib.app, '/api/user/logout', {}, { token: another.body.token })).status).toBe(200);
    expect((await manage('user/list', {}, another.body.token)).status).toBe(401);
    expect((await manage('user/list', {}, admin.token)).status).toBe(200);
  });
});

describe('users', () => {
  let found: { a: string; b: string; c: string };
  beforeAll(async () => {
    const a = await buildUser(lib.db, { username: 'zeta_alpha', email: 'alpha@zeta.example' });
    const b = await buildUser(lib.db, {
      username: 'zeta_beta',
      email: null,
      phone: '13800138000',
      level: 'paid_v0',
    });
    const c = await buildUser(lib.db, {
      username: 'zeta_gamma',
      email: 'g@other.example',
      status: 'disabled',
    });
    found = { a: a.id, b: b.id, c: c.id };
  });
  const list = (body: unknown) => manage<AdminUserListResponse>('user/list', body, admin.token);
  const names = (r: { body: AdminUserListResponse }) => r.body.user_list.map((u) => u.username).sort();

  it('searches username, e-mail and mobile, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names(await list({ keyword: 'ZETA_' }))).toEqual(['zeta_alpha', 'zeta_beta', 'zeta_gamma']);
    expect(names(await list({ keyword: 'alpha@zeta' }))).toEqual(['zeta_alpha']);
    expect(names(await list({ keyword: '0013800' }))).toEqual(['zeta_beta']);
    expect(names(await list({ keyword: 'zeta%' }))).toEqual([]);
    const r = await list({ keyword: 'zeta_beta' });
    expect(r.body.user_list[0]).toMatchObject({
      id: found.b,
      phone: '13800138000',
      user_level: 'paid_v0',
      plan: 'paid_v0',
      status: 'active',
      role: ['user'],
    });
    expect(r.body.user_list[0]).not.toHaveProperty('password_hash');
  });

  it('filters by plan level and status', async () => {
    expect(names(await list({ keyword: 'zeta', user_level: 'paid_v0' }))).toEqual(['zeta_beta']);
    expect(names(await list({ keyword: 'zeta', user_level: 'trial' }))).toEqual(['zeta_alpha', 'zeta_gamma']);
    expect(names(await list({ keyword: 'zeta', status: 'disabled' }))).toEqual(['zeta_gamma']);
    expect(names(await list({ keyword: 'zeta', status: 'active', user_level: 'trial' }))).toEqual([
      'zeta_alpha',
    ]);
  });

  it('pages with page_id and page_length and answers total_items', async () => {
    const all = await list({ page_length: 100 });
    const total = all.body.total_items;
    expect(total).toBe(all.body.user_list.length);
    const p1 = await list({ page_id: 1, page_length: 2 });
    const p2 = await list({ page_id: 2, page_length: 2 });
    expect(p1.body).toMatchObject({ total_items: total, page_id: 1, page_length: 2 });
    expect(p1.body.user_list).toHaveLength(2);
    expect(p2.body.user_list).toHaveLength(2);
    const ids = [...p1.body.user_list, ...p2.body.user_list].map((u) => u.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual(all.body.user_list.slice(0, 4).map((u) => u.id));
    const past = await list({ page_id: 1000, page_length: 2 });
    expect(past.body.user_list).toEqual([]);
    expect(past.body.total_items).toBe(total);
  });

  it('bad list input gets a 400', async () => {
    expect400(await list({ page_id: 0 }), 'page_id');
    expect400(await list({ page_length: 101 }), 'page_length');
    expect400(await list({ user_level: 'gold' }), 'user_level');
    expect400(await list({ status: 'removed' }), 'status');
  });
});

describe('level change', () => {
  const change = (body: unknown) => manage<AdminUserResponse>('user/level_change', body, admin.token);
  const createCollection = (token: string, name: string) =>
    call(lib.app, '/api/file/collection/create', { name }, { token });

  it("takes effect on the user's next call: collections refused (403 plan_required) before, allowed after", async () => {
    const u = await trialUser(lib);
    const before = await createCollection(u.token, 'Before');
    expect(before.status).toBe(403);
    expect(before.body.code).toBe(ERROR_CODES.planRequired);

    const r = await change({
      user_id: u.id,
      user_level: 'paid_v0',
      user_level_expire_time: '2027-11-21T00:00:00Z',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user).toMatchObject({
      id: u.id,
      user_level: 'paid_v0',
      user_level_expire_time: '2027-11-21T00:00:00.000Z',
      plan: 'paid_v0',
    });
    expect((await createCollection(u.token, 'After')).status).toBe(200);
    const info = await call<{ user_info: { plan: string } }>(
      lib.app,
      '/api/user/info',
      {},
      { token: u.token },
    );
    expect(info.body.user_info.plan).toBe('paid_v0');

    // Back to trial: refused again at once.
    expect((await change({ user_id: u.id, user_level: 'trial', user_level_expire_time: null })).status).toBe(
      200,
    );
    expect((await createCollection(u.token, 'Again')).status).toBe(403);
  });

  it('records each change in the audit log with before and after, in the same transaction', async () => {
    const u = await trialUser(lib);
    const r = await change({ user_id: u.id, user_level: 'paid_v0', user_level_expire_time: null });
    expect(r.status).toBe(200);
    const rows = (await auditRows()).filter((a) => a.target_id === u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      admin_id: admin.id,
      admin_username: 'root_admin',
      action: 'user.level_change',
      target_type: 'user',
      created_at: NOW,
    });
    expect(JSON.parse(rows[0]?.before_json ?? '')).toEqual({
      user_level: 'trial',
      user_level_expire_time: null,
    });
    expect(JSON.parse(rows[0]?.after_json ?? '')).toEqual({
      user_level: 'paid_v0',
      user_level_expire_time: null,
    });
  });

  it('bad input gets a 400 (or 404 for an unknown user) and changes nothing', async () => {
    const u = await trialUser(lib);
    const before = { user: await userRow(u.id), audit: (await auditRows()).length };
    const base = { user_id: u.id, user_level: 'paid_v0', user_level_expire_time: null };
    expect400(await change({ ...base, user_level: 'gold' }), 'user_level');
    expect400(await change({ ...base, user_level_expire_time: 'next year' }), 'user_level_expire_time');
    expect400(await change({ user_id: u.id, user_level: 'paid_v0' }), 'user_level_expire_time');
    expect400(
      await change({ ...base, user_level_expire_time: '2020-01-01T00:00:00Z' }),
      'user_level_expire_time',
    );
    expect400(
      await change({ ...base, user_level: 'trial', user_level_expire_time: '2027-01-01T00:00:00Z' }),
      'user_level_expire_time',
    );
    expect400(await change({ ...base, user_id: '' }), 'user_id');
    expect400(await change({ ...base, user_id: 'u_<script>' }), 'user_id');
    const unknown = await change({ ...base, user_id: 'u_nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error_msg: 'User not found', code: 'user_not_found' });
    expect(await userRow(u.id)).toEqual(before.user);
    expect((await auditRows()).length).toBe(before.audit);
  });
});

describe('quota refresh', () => {
  const search = (token: string, keyword: string) =>
    call(lib.app, '/api/file/search', { keyword }, { token });
  const quota = async (token: string) =>
    (await call<Record<string, number>>(lib.app, '/api/user/quota', {}, { token })).body;

  it('resets a spent quota of the current period and records the counters it cleared', async () => {
    const u = await trialUser(lib);
    for (let i = 0; i < 30; i++) expect((await search(u.token, `copper ${i}`)).status).toBe(200);
    const over = await search(u.token, 'copper');
    expect(over.status).toBe(403);
    expect(over.body.code).toBe(ERROR_CODES.quotaExceeded);
    // An older period is left alone.
    await lib.db
      .insertInto('usage_counters')
      .values({ subject: `u:${u.id}`, usage_type: 'search', period: '2026-10', count: 7 })
      .execute();

    const r = await manage<AdminRefreshResponse>('user/refresh', { user_id: u.id }, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ user_id: u.id, counters_reset: 1 });
    expect((await quota(u.token)).search_quota).toBe(30);
    expect((await search(u.token, 'copper')).status).toBe(200);
    const old = await lib.db
      .selectFrom('usage_counters')
      .selectAll()
      .where('subject', '=', `u:${u.id}`)
      .where('period', '=', '2026-10')
      .executeTakeFirst();
    expect(old?.count).toBe(7);

    const audit = (await auditRows()).filter((a) => a.target_id === u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('user.refresh');
    expect(JSON.parse(audit[0]?.before_json ?? '')).toEqual({ counters: { 'search|2026-11': 30 } });
    expect(JSON.parse(audit[0]?.after_json ?? '')).toEqual({ counters: {} });
  });

  it('answers 404 for an unknown user and 400 for a bad id, changing nothing', async () => {
    const before = (await auditRows()).length;
    expect((await manage('user/refresh', { user_id: 'u_nobody' }, admin.token)).status).toBe(404);
    expect400(await manage('user/refresh', {}, admin.token), 'user_id');
    expect((await auditRows()).length).toBe(before);
  });
});

describe('download history', () => {
  const history = (body: unknown) =>
    manage<AdminDownloadHistoryResponse>('user/download_history', body, admin.token);

  it("lists the user's download rows, newest first, paged", async () => {
    const u = await buildUser(lib.db, { level: 'paid_v0' });
    const other = await buildUser(lib.db);
    const row = (user: { id: string; username: string }, i: number) => ({
      user_id: user.id,
      username: user.username,
      file_id: `f_${i}`,
      file_name: `report ${i}.pdf`,
      size_bytes: 1000 + i,
      ip: '10.1.2.3',
      created_at: `2026-11-2${i}T08:00:00.000Z`,
    });
    await lib.db
      .insertInto('downloads')
      .values([row(u, 1), row(u, 2), row(u, 3), row(other, 4)])
      .execute();

    const all = await history({ user_id: u.id });
    expect(all.status).toBe(200);
    expect(all.body.total_items).toBe(3);
    expect(all.body.items.map((i) => i.file_id)).toEqual(['f_3', 'f_2', 'f_1']);
    expect(all.body.items[0]).toEqual({
      file_id: 'f_3',
      file_name: 'report 3.pdf',
      // The file is not in the library (any more): no title.
      title: null,
      size_bytes: 1003,
      ip: '10.1.2.3',
      downloaded_time: '2026-11-23T08:00:00.000Z',
    });
    const p2 = await history({ user_id: u.id, page_id: 2, page_length: 2 });
    expect(p2.body).toMatchObject({ total_items: 3, page_id: 2, page_length: 2 });
    expect(p2.body.items.map((i) => i.file_id)).toEqual(['f_1']);
    expect((await history({ user_id: 'u_nobody' })).status).toBe(404);
    expect400(await history({ user_id: u.id, page_length: 0 }), 'page_length');
  });
});

describe('audit log', () => {
  it('lists the recorded actions newest first, with before and after, filtered and paged', async () => {
    const u = await trialUser(lib);
    // Within the admin token's lifetime (12 hours from NOW) and its idle timeout (30 minutes).
    lib.clock.set('2026-11-21T10:20:00.000Z');
    const change = { user_id: u.id, user_level: 'paid_v0', user_level_expire_time: null };
    expect((await manage('user/level_change', change, admin.token)).status).toBe(200);
    lib.clock.set('2026-11-21T10:40:00.000Z');
    expect((await manage('user/refresh', { user_id: u.id }, admin.token)).status).toBe(200);

    const r = await manage<AuditListResponse>('audit/list', { target_id: u.id }, admin.token);
    expect(r.status).toBe(200);
    expect(r.body.total_items).toBe(2);
    expect(r.body.items.map((i) => i.action)).toEqual(['user.refresh', 'user.level_change']);
    expect(r.body.items[1]).toMatchObject({
      admin_id: admin.id,
      admin_username: 'root_admin',
      target_type: 'user',
      target_id: u.id,
      before: { user_level: 'trial', user_level_expire_time: null },
      after: { user_level: 'paid_v0', user_level_expire_time: null },
      created_time: '2026-11-21T10:20:00.000Z',
    });

    const all = await manage<AuditListResponse>('audit/list', { page_length: 1 }, admin.token);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.items[0]?.created_time).toBe('2026-11-21T10:40:00.000Z');
    expect(all.body.total_items).toBe((await auditRows()).length);

    const changes = await manage<AuditListResponse>(
      'audit/list',
      { action: 'user.level_change' },
      admin.token,
    );
    expect(changes.body.items.every((i) => i.action === 'user.level_change')).toBe(true);
    expect400(await manage('audit/list', { action: 'user.fly' }, admin.token), 'action');
  });
});
