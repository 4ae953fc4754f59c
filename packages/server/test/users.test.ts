import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type UserInfo } from '@rl/contract';
import { createUsersRepo } from '../src/modules/users/repo.js';
import { accountTables, buildUser, lastCode, loginToken } from './accounts.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary({ TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' });
});
afterAll(() => lib.close());

const advance = (seconds: number) =>
  lib.clock.set(new Date(lib.clock.now().getTime() + seconds * 1000).toISOString());

describe('settings', () => {
  it('saves language en|zh, anything else becomes en; other settings only when sent', async () => {
    const u = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    const save = (body: Record<string, unknown>) =>
      call<{ settings: UserInfo['settings'] }>(lib.app, '/api/user/settings', body, { token });
    expect((await save({ language: 'zh', show_summary: false })).body.settings).toMatchObject({
      language: 'zh',
      show_summary: false,
    });
    for (const language of ['fr', 'ZH', 42, null, 'zh-CN']) {
      expect((await save({ language })).body.settings.language, String(language)).toBe('en');
    }
    const r = await save({
      language: 'zh',
      search_preference: 'title_only',
      date_format: 'DD/MM/YYYY',
      measurement_unit: 'decimal',
    });
    expect(r.body.settings).toEqual({
      language: 'zh',
      show_summary: false,
      search_preference: 'title_only',
      date_format: 'DD/MM/YYYY',
      measurement_unit: 'decimal',
      digest: 'weekly',
      time_zone: null,
    });
    const bad = await save({ language: 'en', date_format: 'someday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'date_format' });
    expect(
      (await call<{ user_info: UserInfo }>(lib.app, '/api/user/info', {}, { token })).body.user_info.settings
        .language,
    ).toBe('zh');
    expect((await call(lib.app, '/api/user/settings', { language: 'zh' })).status).toBe(401);
  });

  it('reads a stored language other than en|zh as en', async () => {
    const u = await buildUser(lib.db);
    await createUsersRepo(lib.db).update(u.id, { settings: JSON.stringify({ language: 'de' }) });
    const token = await loginToken(lib, u.username, u.password);
    expect(
      (await call<{ user_info: UserInfo }>(lib.app, '/api/user/info', {}, { token })).body.user_info.settings
        .language,
    ).toBe('en');
  });
});

describe('e-mail, mobile, subscriptions', () => {
  it('replaces the e-mail with a code sent to the new address', async () => {
    const u = await buildUser(lib.db);
    const other = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    expect(
      (await call(lib.app, '/api/user/email_code', { email: 'new@example.com', purpose: 'change_email' }))
        .status,
    ).toBe(401);
    const taken = await call(
      lib.app,
      '/api/user/email_code',
      { email: other.email!.toUpperCase(), purpose: 'change_email' },
      { token },
    );
    // Answered like a free address: the holder's mail says so, and no code can be guessed.
    expect(taken.status).toBe(200);
    await expect(lastCode(lib, other.email!)).rejects.toThrow(/no code/);
    const guessed = await call(
      lib.app,
      '/api/user/email',
      { email: other.email!, code: '000000' },
      { token },
    );
    expect(guessed.body).toMatchObject({ code: ERROR_CODES.codeInvalid, field: 'code' });
    expect(
      (
        await call(
          lib.app,
          '/api/user/email_code',
          { email: 'New.Address@example.com', purpose: 'change_email' },
          { token },
        )
      ).status,
    ).toBe(200);
    const code = await lastCode(lib, 'new.address@example.com');
    const wrong = await call(
      lib.app,
      '/api/user/email',
      { email: 'new.address@example.com', code: code === '000000' ? '000001' : '000000' },
      { token },
    );
    expect(wrong.body).toMatchObject({ code: ERROR_CODES.codeInvalid, field: 'code' });
    const ok = await call<{ user_info: UserInfo }>(
      lib.app,
      '/api/user/email',
      { email: 'new.address@example.com', code },
      { token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.user_info.email).toBe('new.address@example.com');
    // A signup code does not change an e-mail (purposes are separate).
    await call(lib.app, '/api/user/email_code', { email: 'signup.only@example.com' }, { ip: '10.5.5.5' });
    const signupCode = await lastCode(lib, 'signup.only@example.com');
    expect(
      (
        await call(
          lib.app,
          '/api/user/email',
          { email: 'signup.only@example.com', code: signupCode },
          { token },
        )
      ).status,
    ).toBe(400);
  });

  it('binds a mobile with an SMS code', async () => {
    const u = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    expect(
      (
        await call(
          lib.app,
          '/api/user/sms_code',
          { phone: '+86 139-0000-1111', purpose: 'bind_mobile' },
          { token },
        )
      ).status,
    ).toBe(200);
    const code = await lastCode(lib, '8613900001111');
    const r = await call<{ user_info: UserInfo }>(
      lib.app,
      '/api/user/mobile',
      { phone: '+86 13900001111', code },
      { token },
    );
    expect(r.status).toBe(200);
    expect(r.body.user_info).toMatchObject({ phone: '13900001111', phone_country_code: '86' });
    const before = await accountTables(lib.db);
    expect((await call(lib.app, '/api/user/mobile', { phone: '123', code }, { token })).body).toMatchObject({
      field: 'phone',
    });
    expect(await accountTables(lib.db)).toEqual(before);
  });

  it('lists subscription records, newest first', async () => {
    const u = await buildUser(lib.db, { level: 'paid_v0', expires: '2027-11-21T00:00:00.000Z' });
    const repo = createUsersRepo(lib.db);
    await repo.addSubscription({
      user_id: u.id,
      plan: 'paid_v0',
      item_name: 'Institutional, 1 month',
      price_cny: 700,
      purchase_time: '2026-09-01T00:00:00.000Z',
      expire_time: '2026-10-01T00:00:00.000Z',
    });
    await repo.addSubscription({
      user_id: u.id,
      plan: 'paid_v0',
      item_name: 'Institutional, 12 months',
      price_cny: 8400,
      purchase_time: '2026-10-01T00:00:00.000Z',
      expire_time: '2027-11-21T00:00:00.000Z',
    });
    const token = await loginToken(lib, u.username, u.password);
    const r = await call<{ records: { item_name: string }[] }>(
      lib.app,
      '/api/user/subscriptions',
      {},
      { token },
    );
    expect(r.body.records.map((x) => x.item_name)).toEqual([
      'Institutional, 12 months',
      'Institutional, 1 month',
    ]);
  });
});

describe('plan, quota, menu, region header', () => {
  it('shows plan and remaining quota; an expired paid level acts as trial', async () => {
    const paid = await buildUser(lib.db, { level: 'paid_v0', expires: '2026-12-01T00:00:00.000Z' });
    const token = await loginToken(lib, paid.username, paid.password);
    const info = (await call<{ user_info: UserInfo }>(lib.app, '/api/user/info', {}, { token })).body
      .user_info;
    expect(info.plan).toBe('paid_v0');
    expect(info.quota).toEqual({
      report_quota: -1,
      search_quota: -1,
      chat_quota: -1,
      abstract_quota: -1,
      translate_quota: 100,
      upload_quota: 1000,
      download_quota: 10,
      download_day_quota: 10,
      download_month_quota: 100,
    });
    advance(15 * 86400);
    // The session unused for 15 days has ended (SESSION_IDLE_DAYS): a new login.
    const again = await loginToken(lib, paid.username, paid.password);
    const later = (await call<{ user_info: UserInfo }>(lib.app, '/api/user/info', {}, { token: again })).body
      .user_info;
    expect(later).toMatchObject({ user_level: 'paid_v0', plan: 'trial' });
    expect(later.quota).toMatchObject({
      search_quota: 30,
      report_quota: 20,
      download_quota: 0,
      download_day_quota: 0,
      download_month_quota: 0,
    });
    expect((await call(lib.app, '/api/user/quota', {}, { token: again })).body).toEqual(later.quota);
  });

  it('serves the menu by role', async () => {
    const admin = await buildUser(lib.db, { roles: ['admin', 'user'] });
    const user = await buildUser(lib.db);
    const names = (m: { name: string }[]) => m.map((i) => i.name);
    expect(names((await call<{ name: string }[]>(lib.app, '/api/user/menu')).body)).toEqual(['File']);
    const userMenu = (
      await call<{ name: string; children?: { name: string }[] }[]>(
        lib.app,
        '/api/user/menu',
        {},
        { token: await loginToken(lib, user.username, user.password) },
      )
    ).body;
    expect(userMenu).toEqual([
      { name: 'File' },
      {
        name: 'My',
        children: [{ name: 'Upload' }, { name: 'Bookmarks' }, { name: 'Downloads' }, { name: 'Settings' }],
      },
      { name: 'Subscription' },
    ]);
    const adminMenu = (
      await call<{ name: string }[]>(
        lib.app,
        '/api/user/menu',
        {},
        { token: await loginToken(lib, admin.username, admin.password) },
      )
    ).body;
    expect(names(adminMenu)).toEqual(['File', 'My', 'Subscription', 'Admin']);
  });

  it('answers x-country-code from the trusted header on every API response, errors included', async () => {
    const site = await call(lib.app, '/api/pub/site', undefined, {
      method: 'GET',
      headers: { 'cf-ipcountry': 'CN' },
    });
    expect(site.headers['x-country-code']).toBe('cn');
    const err = await call(lib.app, '/api/user/info', {}, { headers: { 'cf-ipcountry': 'DE' } });
    expect(err.status).toBe(401);
    expect(err.headers['x-country-code']).toBe('de');
    const none = await call(lib.app, '/api/pub/site', undefined, { method: 'GET' });
    expect(none.headers['x-country-code']).toBeUndefined();
    expect(site.body).toEqual({ deploy_variant: 'global', icp_license: null, translation_available: false });
  });
});
