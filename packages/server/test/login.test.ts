import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type LoginResponse } from '@rl/contract';
import { VERIFY_AFTER_FAILURES, THROTTLES } from '../src/modules/auth/limits.js';
import { accountTables, buildUser, lastCode, loginToken, outboxCount } from './accounts.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
let ipSeq = 0;
const nextIp = () => `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

type LoginBody = Partial<LoginResponse> & {
  error_msg?: string;
  code?: string;
  need_verification?: boolean;
  field?: string;
};
const login = (body: Record<string, unknown>, opts: { fingerprint?: string; ip?: string } = {}) =>
  call<LoginBody>(lib.app, '/api/user/login', body, {
    ip: opts.ip ?? nextIp(),
    fingerprint: opts.fingerprint,
  });
const advance = (seconds: number) =>
  lib.clock.set(new Date(lib.clock.now().getTime() + seconds * 1000).toISOString());

describe('login', () => {
  it('logs in by username or e-mail (trimmed, lower-cased), activates the account, answers token and user_info', async () => {
    const u = await buildUser(lib.db, { username: 'Bob_Smith', status: 'inactive' });
    const byName = await login({ username: ' bob_smith ', passwd: u.password }, { fingerprint: 'fp1' });
    expect(byName.status).toBe(200);
    expect(byName.body.token).toMatch(/^[\w-]{43}$/);
    expect(byName.body.user_info).toMatchObject({
      username: 'Bob_Smith',
      status: 'active',
      last_login_time: lib.clock.now().toISOString(),
    });
    const byMail = await login(
      { username: '  BOB_SMITH@Example.com', passwd: u.password },
      { fingerprint: 'fp1' },
    );
    expect(byMail.status).toBe(200);
    const byEmailField = await login(
      { email: 'bob_smith@example.com', passwd: u.password },
      { fingerprint: 'fp1' },
    );
    expect(byEmailField.status).toBe(200);
    // Tokens are stored hashed.
    const stored = await lib.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(byName.body.token);
  });

  it('answers one generic 400 for an unknown user and a wrong password', async () => {
    const u = await buildUser(lib.db);
    const wrong = await login({ username: u.username, passwd: 'WrongPass1' });
    const unknown = await login({ username: 'nobody_here', passwd: 'WrongPass1' });
    const unknownMail = await login({ email: 'nobody@example.com', passwd: 'WrongPass1' });
    for (const r of [wrong, unknown, unknownMail]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        error_msg: 'Incorrect username or password',
        code: ERROR_CODES.invalidCredentials,
      });
    }
  });

  it('refuses bad login input with 400 and a field', async () => {
    const before = await accountTables(lib.db);
    expect((await login({ passwd: 'x' })).body).toMatchObject({ field: 'username' });
    expect((await login({ username: 'someone' })).body).toMatchObject({ field: 'passwd' });
    expect((await login({ username: 'someone', passwd: '' })).body).toMatchObject({ field: 'passwd' });
    expect((await login({ username: 'someone', passwd: 'x', code: '12a456' })).body).toMatchObject({
      field: 'code',
    });
    expect((await login({ username: 'someone', passwd: 'x', code: '12345' })).body).toMatchObject({
      field: 'code',
    });
    expect(await accountTables(lib.db)).toEqual(before);
  });

  it('answers 403 account_disabled for a disabled account (with the right password only)', async () => {
    const u = await buildUser(lib.db, { status: 'disabled' });
    const r = await login({ username: u.username, passwd: u.password });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(ERROR_CODES.accountDisabled);
    expect((await login({ username: u.username, passwd: 'WrongPass1' })).status).toBe(400);
  });
});

describe('new-device verification', () => {
  it('asks for a code from an unknown device, sends it to the e-mail, and succeeds only with it', async () => {
    const u = await buildUser(lib.db, { deviceCheck: true });
    const first = await login({ username: u.username, passwd: u.password }, { fingerprint: 'laptop' });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      need_verification: true,
      code: ERROR_CODES.verificationRequired,
      error_msg: `Enter the verification code we sent to ${u.username[0]}***@example.com`,
    });
    expect(await outboxCount(lib, u.email!)).toBe(1);
    // Asking again within 60 s sends nothing new.
    await login({ username: u.username, passwd: u.password }, { fingerprint: 'laptop' });
    expect(await outboxCount(lib, u.email!)).toBe(1);
    const code = await lastCode(lib, u.email!);

    const wrong = await login(
      { username: u.username, passwd: u.password, code: code === '999999' ? '999998' : '999999' },
      { fingerprint: 'laptop' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: ERROR_CODES.codeInvalid,
      field: 'code',
      need_verification: true,
    });
    // A right code with a wrong password is still a wrong password.
    expect(
      (await login({ username: u.username, passwd: 'WrongPass1', code }, { fingerprint: 'laptop' })).body
        .code,
    ).toBe(ERROR_CODES.invalidCredentials);

    const ok = await login({ username: u.username, passwd: u.password, code }, { fingerprint: 'laptop' });
    expect(ok.status).toBe(200);
    // The device is known now.
    expect(
      (await login({ username: u.username, passwd: u.password }, { fingerprint: 'laptop' })).status,
    ).toBe(200);
    expect((await login({ username: u.username, passwd: u.password }, { fingerprint: 'phone' })).status).toBe(
      400,
    );
  });

  it('knows the browser that signed up', async () => {
    await call(lib.app, '/api/user/email_code', { email: 'newbie@example.com' }, { ip: nextIp() });
    const code = await lastCode(lib, 'newbie@example.com');
    const s = await call(
      lib.app,
      '/api/user/email_signup',
      { email: 'newbie@example.com', code, passwd: 'GoodPass1', username: 'newbie' },
      { fingerprint: 'signup-browser', ip: nextIp() },
    );
    expect(s.status).toBe(200);
    expect(
      (await login({ username: 'newbie', passwd: 'GoodPass1' }, { fingerprint: 'signup-browser' })).status,
    ).toBe(200);
    expect(
      (await login({ username: 'newbie', passwd: 'GoodPass1' }, { fingerprint: 'elsewhere' })).body
        .need_verification,
    ).toBe(true);
  });

  it(`asks for a code after ${VERIFY_AFTER_FAILURES} failures even from a known device`, async () => {
    const u = await buildUser(lib.db, { deviceCheck: true });
    await lib.db
      .insertInto('known_devices')
      .values({ user_id: u.id, fingerprint: 'home', first_seen: 'x' })
      .execute();
    expect((await login({ username: u.username, passwd: u.password }, { fingerprint: 'home' })).status).toBe(
      200,
    );
    for (let i = 0; i < VERIFY_AFTER_FAILURES; i++)
      await login({ username: u.username, passwd: 'WrongPass1' });
    const r = await login({ username: u.username, passwd: u.password }, { fingerprint: 'home' });
    expect(r.body).toMatchObject({ need_verification: true });
    const code = await lastCode(lib, u.email!);
    expect(
      (await login({ username: u.username, passwd: u.password, code }, { fingerprint: 'home' })).status,
    ).toBe(200);
    // Success clears the failures.
    expect((await login({ username: u.username, passwd: u.password }, { fingerprint: 'home' })).status).toBe(
      200,
    );
  });
});

describe('brute-force throttling', () => {
  it(`locks an address out of an account after ${THROTTLES.failuresPerSource.limit} failures in 15 minutes (429), not the account`, async () => {
    const u = await buildUser(lib.db);
    const ip = nextIp();
    for (let i = 0; i < THROTTLES.failuresPerSource.limit; i++) {
      expect((await login({ username: u.username, passwd: 'WrongPass1' }, { ip })).status).toBe(400);
    }
    const locked = await login({ username: u.username, passwd: u.password }, { ip });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(ERROR_CODES.tooManyRequests);
    // The owner elsewhere is not locked out.
    expect(
      (await login({ username: u.username, passwd: u.password }, { fingerprint: 'fp-test' })).status,
    ).toBe(200);
    advance(15 * 60 + 1);
    expect(
      (await login({ username: u.username, passwd: u.password }, { fingerprint: 'fp-test', ip })).status,
    ).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one source', async () => {
    const u = await buildUser(lib.db);
    for (let i = 0; i < THROTTLES.failuresPerSource.limit; i++) {
      const ip = `2001:db8:7:1::${(i + 1).toString(16)}`;
      expect((await login({ username: u.username, passwd: 'WrongPass1' }, { ip })).status).toBe(400);
    }
    const sameNet = await login(
      { username: u.username, passwd: 'WrongPass1' },
      { ip: '2001:db8:7:1:ffff::9' },
    );
    expect(sameNet.status).toBe(429);
    const otherNet = await login({ username: u.username, passwd: 'WrongPass1' }, { ip: '2001:db8:7:2::1' });
    expect(otherNet.status).toBe(400);
  });

  it(`allows ${THROTTLES.loginsPerIp.limit} attempts per IP per minute, then 429`, async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < THROTTLES.loginsPerIp.limit; i++) {
      expect((await login({ username: `ghost${i}`, passwd: 'WrongPass1' }, { ip })).status).toBe(400);
    }
    expect((await login({ username: 'ghost', passwd: 'WrongPass1' }, { ip })).status).toBe(429);
    expect((await login({ username: 'ghost', passwd: 'WrongPass1' }, { ip: '10.7.7.8' })).status).toBe(400);
    advance(61);
    expect((await login({ username: 'ghost', passwd: 'WrongPass1' }, { ip })).status).toBe(400);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a bad token, and after logout', async () => {
    const u = await buildUser(lib.db);
    expect((await call(lib.app, '/api/user/info')).status).toBe(401);
    const bad = await call(lib.app, '/api/user/info', {}, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      error_msg: 'Login expired, please login again',
      code: ERROR_CODES.unauthorized,
    });
    // A present but invalid token is a 401 on public calls too (the web shows Not Authorized)...
    expect((await call(lib.app, '/api/file/search', {}, { token: 'not-a-token' })).status).toBe(401);
    // ...but not on login, signup and the site info.
    expect((await call(lib.app, '/api/pub/site', undefined, { method: 'GET', token: 'stale' })).status).toBe(
      200,
    );

    const token = await loginToken(lib, u.username, u.password);
    const info = await call<{ token: string }>(lib.app, '/api/user/info', {}, { token });
    expect(info.status).toBe(200);
    expect(info.body.token).toBe(token);
    expect((await call(lib.app, '/api/user/logout', {}, { token })).body).toEqual({ ok: true });
    expect((await call(lib.app, '/api/user/info', {}, { token })).status).toBe(401);
    expect((await call(lib.app, '/api/user/logout', {}, { token })).status).toBe(200);
  });

  it('expires tokens after SESSION_TTL_DAYS', async () => {
    const u = await buildUser(lib.db);
    const token = await loginToken(lib, u.username, u.password);
    // Used every 6 days, within SESSION_IDLE_DAYS (session-idle.test.ts): only the lifetime ends it.
    for (let day = 6; day < 30; day += 6) {
      advance(6 * 86400);
      expect((await call(lib.app, '/api/user/info', {}, { token })).status).toBe(200);
    }
    advance(5 * 86400);
    expect((await call(lib.app, '/api/user/info', {}, { token })).status).toBe(200);
    advance(86400 + 1);
    expect((await call(lib.app, '/api/user/info', {}, { token })).status).toBe(401);
  });

  it('a password change revokes every other session and needs the current password', async () => {
    const u = await buildUser(lib.db);
    const a = await loginToken(lib, u.username, u.password);
    const b = await loginToken(lib, u.username, u.password);
    const wrong = await call(
      lib.app,
      '/api/user/psw',
      { old_passwd: 'WrongPass1', passwd: 'NewPass123' },
      { token: a },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'old_passwd', code: ERROR_CODES.invalidCredentials });
    const weak = await call(
      lib.app,
      '/api/user/psw',
      { old_passwd: u.password, passwd: 'weak' },
      { token: a },
    );
    expect(weak.body).toMatchObject({ field: 'passwd' });
    expect((await call(lib.app, '/api/user/info', {}, { token: b })).status).toBe(200);

    const ok = await call(
      lib.app,
      '/api/user/psw',
      { old_passwd: u.password, passwd: 'NewPass123' },
      { token: a },
    );
    expect(ok.status).toBe(200);
    expect((await call(lib.app, '/api/user/info', {}, { token: a })).status).toBe(200);
    expect((await call(lib.app, '/api/user/info', {}, { token: b })).status).toBe(401);
    expect((await login({ username: u.username, passwd: u.password })).status).toBe(400);
    expect(
      (await login({ username: u.username, passwd: 'NewPass123' }, { fingerprint: 'fp-test' })).status,
    ).toBe(200);
  });
});
