import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_TRIES, ERROR_CODES } from '@rl/contract';
import { MESSAGES } from '../src/messages/catalogue.js';
import { PASSWORD_LOGIN_SLOT } from '../src/modules/auth/codes.js';
import { THROTTLES } from '../src/modules/auth/limits.js';
import { buildUser, lastCode, outboxCount } from './accounts.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { httpRequest, listenOnLoopback } from './real-http.js';

/**
 * The attacks on the login, over real HTTP (a socket per request, each from the loopback address
 * it names): concurrent guesses of passwords and codes, a stranger locking an owner out, and the
 * console login from a new device. On PostgreSQL (server-pg) the requests' transactions interleave.
 */

let lib: TestLibrary;
let base = '';
let seq = 0;
/** A fresh source address on the loopback: each attacker or owner is somewhere else. */
const nextAddress = () => `127.20.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

beforeAll(async () => {
  lib = await openTestLibrary();
  base = await listenOnLoopback(lib);
});
afterAll(() => lib.close());

type Body = Record<string, unknown> & { code?: string; error_msg?: string; token?: string };
async function post(
  path: string,
  body: Record<string, unknown>,
  opts: { from?: string; fingerprint?: string; token?: string } = {},
): Promise<{ status: number; body: Body }> {
  const r = await httpRequest(`${base}${path}`, {
    body,
    localAddress: opts.from ?? nextAddress(),
    ...(opts.fingerprint ? { fingerprint: opts.fingerprint } : {}),
    ...(opts.token ? { token: opts.token } : {}),
  });
  return { status: r.status, body: r.json() as Body };
}
const login = (body: Record<string, unknown>, opts: { from?: string; fingerprint?: string } = {}) =>
  post('/api/user/login', body, opts);
const consoleLogin = (body: Record<string, unknown>, opts: { from?: string; fingerprint?: string } = {}) =>
  post('/api/manage/admin/login', body, opts);
const tally = (rs: { status: number; body: Body }[]) =>
  rs.reduce<Record<string, number>>((t, r) => {
    const k = `${r.status} ${r.body.code ?? ''}`.trim();
    return { ...t, [k]: (t[k] ?? 0) + 1 };
  }, {});
const all = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));
const eventsOf = async (bucket: string, key: string) =>
  (
    await lib.db
      .selectFrom('rate_events')
      .select('id')
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .execute()
  ).length;
const triesOf = async (target: string, purpose: string) =>
  (
    await lib.db
      .selectFrom('verification_codes')
      .select('tries')
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .executeTakeFirst()
  )?.tries;
/** A known device of the account, as after an earlier login with a code. */
const knowDevice = (userId: string, fingerprint: string) =>
  lib.db.insertInto('known_devices').values({ user_id: userId, fingerprint, first_seen: 'x' }).execute();
/** `n` wrong passwords on `username`, each from its own address, one after the other. */
async function strangersFail(username: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await login({ username, passwd: 'WrongPass1' });
}

const { failuresPerSource: perSource, failuresPerAccount: backstop } = THROTTLES;

describe('guesses sent at once are counted before any is checked', { timeout: 60_000 }, () => {
  it(`30 wrong passwords at once from one address: ${perSource.limit} are checked, the rest answer 429`, async () => {
    const u = await buildUser(lib.db);
    const from = nextAddress();
    const rs = await all(30, () => login({ username: u.username, passwd: 'WrongPass1' }, { from }));
    expect(tally(rs)).toEqual({
      [`400 ${ERROR_CODES.invalidCredentials}`]: perSource.limit,
      [`429 ${ERROR_CODES.tooManyRequests}`]: 30 - perSource.limit,
    });
    expect(await eventsOf(perSource.bucket, `${u.id} ${from}`)).toBe(perSource.limit);
  });

  it(`60 wrong passwords at once from 60 addresses: only the backstop's ${backstop.limit} are answered, the rest learn nothing`, async () => {
    const u = await buildUser(lib.db);
    const rs = await all(60, () => login({ username: u.username, passwd: 'WrongPass1' }));
    expect(tally(rs)).toEqual({
      [`400 ${ERROR_CODES.invalidCredentials}`]: backstop.limit,
      [`400 ${ERROR_CODES.manyFailedLogins}`]: 60 - backstop.limit,
    });
    expect(await eventsOf(backstop.bucket, u.id)).toBe(60);
  });

  it(`100 guesses of a signup code at once: ${CODE_MAX_TRIES} are compared, then the code is spent`, async () => {
    const email = 'attack.signup@example.com';
    expect((await post('/api/user/email_code', { email })).status).toBe(200);
    const code = await lastCode(lib, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email, passwd: 'GoodPass1', username: 'attack_signup' };
    const rs = await all(100, () => post('/api/user/email_signup', { ...body, code: wrong }));
    // Some may meet the signup throttle (429) first; of those let through, 5 are compared.
    const answered = rs.filter((r) => r.status === 400).map((r) => r.body.error_msg);
    expect(rs.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(answered.filter((m) => m === MESSAGES.codeWrong.en)).toHaveLength(CODE_MAX_TRIES - 1);
    expect(answered.filter((m) => m === MESSAGES.codeSpent.en)).toHaveLength(
      answered.length - CODE_MAX_TRIES + 1,
    );
    expect(await triesOf(`email:${email}`, 'signup')).toBe(CODE_MAX_TRIES);
    // The right code comes too late: nobody signed up.
    expect((await post('/api/user/email_signup', { ...body, code })).status).not.toBe(200);
    expect(await lib.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it(`100 guesses of a login code at once (the right password, a new device): ${CODE_MAX_TRIES} are compared`, async () => {
    const u = await buildUser(lib.db, { deviceCheck: true });
    const ask = await login({ username: u.username, passwd: u.password }, { fingerprint: 'fp-thief' });
    expect(ask.body.code).toBe(ERROR_CODES.verificationRequired);
    const code = await lastCode(lib, u.email!);
    const wrong = code === '000000' ? '111111' : '000000';
    const rs = await all(100, () =>
      login({ username: u.username, passwd: u.password, code: wrong }, { fingerprint: 'fp-thief' }),
    );
    // Checks under way count as failures until found right, so some of these meet the backstop
    // (the uniform answer); either way each compared guess spends a try, and there are 5.
    for (const r of rs) {
      expect(r.status).toBe(400);
      expect([ERROR_CODES.codeInvalid, ERROR_CODES.manyFailedLogins]).toContain(r.body.code);
    }
    expect(rs.filter((r) => r.body.error_msg === MESSAGES.codeWrong.en).length).toBeLessThanOrEqual(
      CODE_MAX_TRIES - 1,
    );
    expect(await triesOf(`email:${u.email!}`, PASSWORD_LOGIN_SLOT)).toBe(CODE_MAX_TRIES);
    const right = await login(
      { username: u.username, passwd: u.password, code },
      { fingerprint: 'fp-thief' },
    );
    expect(right.status).toBe(400);
    expect(right.body.error_msg).toBe(MESSAGES.codeSpent.en);
  });
});

describe('a stranger cannot lock the owner out', { timeout: 60_000 }, () => {
  it('the attacking address is locked, the owner elsewhere logs in', async () => {
    const u = await buildUser(lib.db, { deviceCheck: true });
    await knowDevice(u.id, 'fp-home');
    const attacker = nextAddress();
    for (let i = 0; i < perSource.limit; i++)
      expect((await login({ username: u.username, passwd: 'WrongPass1' }, { from: attacker })).status).toBe(
        400,
      );
    const locked = await login({ username: u.username, passwd: u.password }, { from: attacker });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(ERROR_CODES.tooManyRequests);
    // The owner: the account saw failures, so a code (to their e-mail) and in.
    const owner = nextAddress();
    const ask = await login(
      { username: u.username, passwd: u.password },
      { from: owner, fingerprint: 'fp-home' },
    );
    expect(ask.body).toMatchObject({ code: ERROR_CODES.verificationRequired, need_verification: true });
    const code = await lastCode(lib, u.email!);
    const ok = await login(
      { username: u.username, passwd: u.password, code },
      { from: owner, fingerprint: 'fp-home' },
    );
    expect(ok.status).toBe(200);
    // The attacker's address stays locked.
    expect((await login({ username: u.username, passwd: 'WrongPass1' }, { from: attacker })).status).toBe(
      429,
    );
  });

  it(`past the backstop (${backstop.limit} failures from anywhere) the owner gets in with the code, the attacker does not`, async () => {
    const u = await buildUser(lib.db);
    await knowDevice(u.id, 'fp-home');
    await strangersFail(u.username, backstop.limit);
    const mails = await outboxCount(lib, u.email!);

    // A wrong password and the right one, without a code, read the same; only the right one sends a code.
    const guess = await login({ username: u.username, passwd: 'WrongPass2' }, { fingerprint: 'fp-home' });
    expect(await outboxCount(lib, u.email!)).toBe(mails);
    const owner = nextAddress();
    const ask = await login(
      { username: u.username, passwd: u.password },
      { from: owner, fingerprint: 'fp-home' },
    );
    expect(ask.status).toBe(400);
    expect(ask.body).toEqual({
      error_msg: MESSAGES.underAttackCodeNeeded.en,
      code: ERROR_CODES.manyFailedLogins,
      need_verification: true,
      field: 'code',
    });
    expect(guess).toEqual(ask);
    expect(await outboxCount(lib, u.email!)).toBe(mails + 1);
    const code = await lastCode(lib, u.email!);
    const wrongCode = code === '000000' ? '111111' : '000000';

    // The attacker's guesses with a code read the same as a wrong code, and spend none of the owner's tries.
    const attacker = await login(
      { username: u.username, passwd: 'WrongPass3', code },
      { fingerprint: 'fp-home' },
    );
    expect(attacker.body).toEqual({
      error_msg: MESSAGES.underAttackWrong.en,
      code: ERROR_CODES.manyFailedLogins,
      need_verification: true,
      field: 'code',
    });
    expect(await triesOf(`email:${u.email!}`, PASSWORD_LOGIN_SLOT)).toBe(0);
    const typo = await login(
      { username: u.username, passwd: u.password, code: wrongCode },
      { from: owner, fingerprint: 'fp-home' },
    );
    expect(typo).toEqual(attacker);

    const ok = await login(
      { username: u.username, passwd: u.password, code },
      { from: owner, fingerprint: 'fp-home' },
    );
    expect(ok.status).toBe(200);
    expect((await post('/api/user/info', {}, { token: ok.body.token })).status).toBe(200);
    // The attack is not forgotten by the owner's login: the next guess still learns nothing.
    const next = await login({ username: u.username, passwd: 'WrongPass4' });
    expect(next.body.code).toBe(ERROR_CODES.manyFailedLogins);
  });

  it('an unknown name is locked exactly like an account, so the lock tells nobody which exist', async () => {
    const u = await buildUser(lib.db);
    const from = nextAddress();
    for (const name of [u.username, 'no_such_user_here']) {
      for (let i = 0; i < perSource.limit; i++)
        expect((await login({ username: name, passwd: 'WrongPass1' }, { from })).status).toBe(400);
    }
    const real = await login({ username: u.username, passwd: 'WrongPass1' }, { from });
    const ghost = await login({ username: 'no_such_user_here', passwd: 'WrongPass1' }, { from });
    expect(real.status).toBe(429);
    expect(ghost).toEqual(real);
  });
});

describe(
  'the console login asks for the code of a new device, as the user login does',
  { timeout: 60_000 },
  () => {
    const ADMIN_PASSWORD = 'Adm1nPassw0rd';
    const newAdmin = () =>
      buildUser(lib.db, { password: ADMIN_PASSWORD, roles: ['admin', 'user'], deviceCheck: true });

    it('from a new fingerprint: a code by e-mail, then in; the device is known afterwards', async () => {
      const a = await newAdmin();
      const creds = { username: a.username, passwd: ADMIN_PASSWORD };
      const ask = await consoleLogin(creds, { fingerprint: 'fp-console' });
      expect(ask.status).toBe(400);
      expect(ask.body).toMatchObject({
        code: ERROR_CODES.verificationRequired,
        need_verification: true,
        field: 'code',
        error_msg: `Enter the verification code we sent to ${a.username[0]}***@example.com`,
      });
      expect(
        await lib.db.selectFrom('admin_sessions').select('token_hash').where('admin_id', '=', a.id).execute(),
      ).toEqual([]);
      const code = await lastCode(lib, a.email!);
      const wrong = await consoleLogin(
        { ...creds, code: code === '000000' ? '111111' : '000000' },
        { fingerprint: 'fp-console' },
      );
      expect(wrong.body).toMatchObject({ code: ERROR_CODES.codeInvalid, need_verification: true });
      const ok = await consoleLogin({ ...creds, code }, { fingerprint: 'fp-console' });
      expect(ok.status).toBe(200);
      expect((await post('/api/manage/user/list', {}, { token: ok.body.token })).status).toBe(200);
      expect((await consoleLogin(creds, { fingerprint: 'fp-console' })).status).toBe(200);
      // The fingerprint may come in the body (the console page sends it there).
      expect((await consoleLogin({ ...creds, fingerprint: 'fp-console' })).status).toBe(200);
    });

    it('without a fingerprint: a code every time', async () => {
      const a = await newAdmin();
      const creds = { username: a.username, passwd: ADMIN_PASSWORD };
      expect((await consoleLogin(creds)).body.code).toBe(ERROR_CODES.verificationRequired);
      const code = await lastCode(lib, a.email!);
      expect((await consoleLogin({ ...creds, code })).status).toBe(200);
      expect((await consoleLogin(creds)).body.code).toBe(ERROR_CODES.verificationRequired);
    });

    it("a device the user app knows is known to the console; a non-administrator's right password sends no code", async () => {
      const a = await newAdmin();
      await knowDevice(a.id, 'fp-laptop');
      expect(
        (await consoleLogin({ username: a.username, passwd: ADMIN_PASSWORD }, { fingerprint: 'fp-laptop' }))
          .status,
      ).toBe(200);
      const u = await buildUser(lib.db, { deviceCheck: true });
      const r = await consoleLogin({ username: u.username, passwd: u.password }, { fingerprint: 'fp-new' });
      expect(r.body.code).toBe(ERROR_CODES.invalidCredentials);
      expect(await outboxCount(lib, u.email!)).toBe(0);
    });

    it('past the backstop the console login needs the code too', async () => {
      const a = await newAdmin();
      await knowDevice(a.id, 'fp-laptop');
      await strangersFail(a.username, backstop.limit);
      const creds = { username: a.username, passwd: ADMIN_PASSWORD };
      expect((await consoleLogin(creds, { fingerprint: 'fp-laptop' })).body.code).toBe(
        ERROR_CODES.manyFailedLogins,
      );
      const code = await lastCode(lib, a.email!);
      expect((await consoleLogin({ ...creds, code }, { fingerprint: 'fp-laptop' })).status).toBe(200);
    });
  },
);
