import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_TRIES, ERROR_CODES, type CodeSentResponse, type UserInfo } from '@rl/contract';
import { accountTables, buildUser, lastCode, outboxCount } from './accounts.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
let ipSeq = 0;
/** Each test sends from its own address so the per-IP daily cap only bites where it is tested. */
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

const sendCode = (email: string, ip: string, purpose?: string) =>
  call<CodeSentResponse & { error_msg?: string; code?: string; retry_after_s?: number }>(
    lib.app,
    '/api/user/email_code',
    { email, ...(purpose ? { purpose } : {}) },
    { ip },
  );
const signup = (body: Record<string, unknown>, ip = '10.1.1.1', fingerprint?: string) =>
  call<{ user_info: UserInfo; field?: string; code?: string; error_msg: string }>(
    lib.app,
    '/api/user/email_signup',
    body,
    { ip, ...(fingerprint ? { fingerprint } : {}) },
  );
const advance = (seconds: number) =>
  lib.clock.set(new Date(lib.clock.now().getTime() + seconds * 1000).toISOString());

describe('e-mail signup', () => {
  it('signs up with a code from the outbox: trimmed, lower-cased e-mail, inactive trial user', async () => {
    const ip = nextIp();
    const sent = await sendCode('  Ann.Lee@Example.COM ', ip);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent_to: 'a***@example.com', resend_after_s: 60 });
    const code = await lastCode(lib, 'ann.lee@example.com');
    const r = await signup(
      { email: 'ANN.LEE@example.com', code, passwd: 'GoodPass1', username: 'ann_lee' },
      ip,
    );
    expect(r.status).toBe(200);
    expect(r.body.user_info).toMatchObject({
      username: 'ann_lee',
      email: 'ann.lee@example.com',
      status: 'inactive',
      role: ['user'],
      user_level: 'trial',
      plan: 'trial',
      settings: { language: 'en' },
      quota: { search_quota: 30, report_quota: 20, download_quota: 0 },
    });
    expect(r.body.user_info.id).toMatch(/^u_[\w-]{16}$/);
    const row = await lib.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'ann_lee')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('GoodPass1');
    // The code is spent.
    const again = await signup(
      { email: 'ann.lee@example.com', code, passwd: 'GoodPass1', username: 'ann_lee2' },
      ip,
    );
    expect(again.status).toBe(400);
  });

  it('refuses every bad field with 400 and its field, and changes nothing', async () => {
    const ok = { email: 'bad.input@example.com', code: '123456', passwd: 'GoodPass1', username: 'good_name' };
    const before = await accountTables(lib.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, email: '' }, 'email'],
      [{ ...ok, email: 'not-an-email' }, 'email'],
      [{ ...ok, email: 'a b@example.com' }, 'email'],
      [{ ...ok, code: '' }, 'code'],
      [{ ...ok, code: '12345' }, 'code'],
      [{ ...ok, code: '12345a' }, 'code'],
      [{ ...ok, username: '' }, 'username'],
      [{ ...ok, username: 'abc' }, 'username'],
      [{ ...ok, username: 'a'.repeat(21) }, 'username'],
      [{ ...ok, username: 'bad-name' }, 'username'],
      [{ ...ok, username: '名字名字' }, 'username'],
      [{ ...ok, passwd: '' }, 'passwd'],
      [{ ...ok, passwd: 'Short1' }, 'passwd'],
      [{ ...ok, passwd: 'A'.repeat(16) + 'a'.repeat(17) }, 'passwd'],
      [{ ...ok, passwd: 'alllowercase1' }, 'passwd'],
      [{ ...ok, passwd: 'ALLUPPERCASE1' }, 'passwd'],
      [{ email: ok.email, code: ok.code, passwd: ok.passwd }, 'username'],
    ];
    for (const [body, field] of cases) {
      const r = await signup(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
      expect(r.body.error_msg).toBeTruthy();
    }
    for (const email of ['', 'nope', 'x@y']) {
      const r = await sendCode(email, nextIp());
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ field: 'email' });
    }
    expect(await accountTables(lib.db)).toEqual(before);
  });

  it('refuses a taken username or e-mail, case-insensitively, without spending the code', async () => {
    await buildUser(lib.db, { username: 'Taken_Name', email: 'taken@example.com' });
    const ip = nextIp();
    // A registered address answers like any other; its mail says so instead of carrying a code.
    const early = await sendCode('TAKEN@example.com', ip);
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ sent_to: 't***@example.com', resend_after_s: 60 });
    await expect(lastCode(lib, 'taken@example.com')).rejects.toThrow(/no code/);

    await sendCode('fresh@example.com', ip);
    const code = await lastCode(lib, 'fresh@example.com');
    const clash = await signup(
      { email: 'fresh@example.com', code, passwd: 'GoodPass1', username: 'taken_NAME' },
      ip,
    );
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({
      code: ERROR_CODES.alreadyExists,
      field: 'username',
      error_msg: 'This username is already taken',
    });
    const ok = await signup(
      { email: 'fresh@example.com', code, passwd: 'GoodPass1', username: 'fresh_name' },
      ip,
    );
    expect(ok.status).toBe(200);
  });

  it('expires codes after 10 minutes', async () => {
    const ip = nextIp();
    await sendCode('late@example.com', ip);
    const code = await lastCode(lib, 'late@example.com');
    advance(10 * 60 + 1);
    const r = await signup(
      { email: 'late@example.com', code, passwd: 'GoodPass1', username: 'late_user' },
      ip,
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: ERROR_CODES.codeInvalid, field: 'code' });
    expect(r.body.error_msg).toMatch(/expired/);
  });

  it('spends a code after 5 wrong tries', async () => {
    const ip = nextIp();
    await sendCode('tries@example.com', ip);
    const code = await lastCode(lib, 'tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email: 'tries@example.com', passwd: 'GoodPass1', username: 'tries_user' };
    for (let i = 0; i < CODE_MAX_TRIES; i++) {
      const r = await signup({ ...body, code: wrong }, ip);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(ERROR_CODES.codeInvalid);
    }
    const right = await signup({ ...body, code }, ip);
    expect(right.status).toBe(400);
    expect(right.body.error_msg).toMatch(/Too many wrong tries/);
    expect(
      await lib.db.selectFrom('users').select('id').where('username', '=', 'tries_user').execute(),
    ).toEqual([]);
  });

  it('sends once per target per 60 s, then 429', async () => {
    const ip = nextIp();
    expect((await sendCode('resend@example.com', ip)).status).toBe(200);
    advance(30);
    const early = await sendCode('resend@example.com', ip);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: ERROR_CODES.tooManyRequests, retry_after_s: 30 });
    expect(early.body.error_msg).toBe('Request too frequent, please try again later');
    expect(await outboxCount(lib, 'resend@example.com')).toBe(1);
    advance(31);
    expect((await sendCode('resend@example.com', ip)).status).toBe(200);
  });

  it('caps codes per target (10) and per IP (30) a day', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode('daily@example.com', ip)).status, `send ${i + 1}`).toBe(200);
      advance(61);
    }
    const capped = await sendCode('daily@example.com', ip);
    expect(capped.status).toBe(429);
    expect(capped.body.error_msg).toMatch(/today/);

    const busyIp = nextIp();
    for (let i = 0; i < 30; i++) expect((await sendCode(`many${i}@example.com`, busyIp)).status).toBe(200);
    const ipCapped = await sendCode('many-more@example.com', busyIp);
    expect(ipCapped.status).toBe(429);
    expect(await outboxCount(lib, 'many-more@example.com')).toBe(0);
    advance(24 * 3600 + 1);
    expect((await sendCode('many-more@example.com', busyIp)).status).toBe(200);
  });
});

describe('mobile signup (cn variant)', () => {
  let cn: TestLibrary;
  beforeAll(async () => {
    cn = await openTestLibrary({ DEPLOY_VARIANT: 'cn', ICP_LICENSE: '京ICP备12345678号' });
  });
  afterAll(() => cn.close());

  it('signs up with an SMS code and tells the web its variant', async () => {
    const site = await call(cn.app, '/api/pub/site', undefined, { method: 'GET' });
    expect(site.body).toEqual({
      deploy_variant: 'cn',
      icp_license: '京ICP备12345678号',
      translation_available: false,
    });
    const sent = await call(cn.app, '/api/user/sms_code', { phone: '138 0013-8000' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sent_to: '+86 138****8000' });
    const code = await lastCode(cn, '8613800138000');
    const r = await call<{ user_info: UserInfo }>(cn.app, '/api/user/phone_signup', {
      phone: '13800138000',
      passwd: 'GoodPass1',
      code,
    });
    expect(r.status).toBe(200);
    expect(r.body.user_info).toMatchObject({ phone: '13800138000', phone_country_code: '86', email: null });
    expect(r.body.user_info.username).toMatch(/^m13800138000/);
    // Log in with the mobile number (cn only), the browser being new: a code goes to the phone.
    const login = await call(
      cn.app,
      '/api/user/login',
      { username: '13800138000', passwd: 'GoodPass1' },
      { fingerprint: 'fp-x' },
    );
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ need_verification: true, code: ERROR_CODES.verificationRequired });
  });

  it('refuses bad mobiles, codes, passwords and country codes with their field', async () => {
    const ok = { phone: '13800138001', passwd: 'GoodPass1', code: '123456' };
    const before = await accountTables(cn.db);
    for (const [body, field] of [
      [{ ...ok, phone: '' }, 'phone'],
      [{ ...ok, phone: '12345' }, 'phone'],
      [{ ...ok, phone: '1234567890123456' }, 'phone'],
      [{ ...ok, code: '' }, 'code'],
      [{ ...ok, passwd: 'weak' }, 'passwd'],
      [{ ...ok, country_code: '1' }, 'country_code'],
    ] as const) {
      const r = await call(cn.app, '/api/user/phone_signup', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field, JSON.stringify(body)).toBe(field);
    }
    expect((await call(cn.app, '/api/user/sms_code', { phone: 'abc' })).body).toMatchObject({
      field: 'phone',
    });
    expect(await accountTables(cn.db)).toEqual(before);
  });
});
