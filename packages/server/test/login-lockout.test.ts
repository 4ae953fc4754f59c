import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@rl/contract';
import { MESSAGES } from '../src/messages/catalogue.js';
import { msg, render } from '../src/messages/message.js';
import { THROTTLES } from '../src/modules/auth/limits.js';
import { buildUser, lastCode, outboxCount } from './accounts.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

/**
 * Strangers trying to lock an owner out: wrong passwords from two addresses switch on the code
 * requirement (the backstop), and code requests for the owner's address, one every 61 s, use up
 * the address's codes for the day. The owner with the right password must still receive a login
 * code and log in with it, on the app and on the console, for as long as the attack goes on; and
 * the answers still tell no existing account from an unknown one.
 */

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

let ipSeq = 0;
const nextIp = () => `10.61.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const advance = (seconds: number) =>
  lib.clock.set(new Date(lib.clock.now().getTime() + seconds * 1000).toISOString());

const USER_LOGIN = '/api/user/login';
const CONSOLE_LOGIN = '/api/manage/admin/login';
const { failuresPerSource: perSource, failuresPerAccount: backstop } = THROTTLES;
const { codesPerTarget, loginCodesPerAccount } = THROTTLES;

type Answer = { status: number; body: Record<string, unknown> };
async function send(
  path: string,
  body: Record<string, unknown>,
  opts: { ip?: string; fingerprint?: string } = {},
): Promise<Answer> {
  const r = await call(lib.app, path, body, { ip: opts.ip ?? nextIp(), fingerprint: opts.fingerprint });
  return { status: r.status, body: r.body };
}
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** The backstop's failures on `username`, from two addresses (each up to its own limit). */
async function guessFromTwoAddresses(username: string, path = USER_LOGIN): Promise<Answer[]> {
  expect(backstop.limit).toBeLessThanOrEqual(2 * perSource.limit);
  const addresses = [nextIp(), nextIp()];
  const seen: Answer[] = [];
  for (let i = 0; i < backstop.limit; i++)
    seen.push(await send(path, { username, passwd: 'WrongPass1' }, { ip: addresses[i % 2]! }));
  return seen;
}

/**
 * A stranger's code requests for `email`, login and signup codes in turn, one every 61 s, until the
 * address's daily allowance is used up (the next request is refused); then long enough for the last
 * code sent to expire.
 */
async function spendAddressCodes(email: string): Promise<Answer> {
  for (let i = 0; i < codesPerTarget.limit; i++) {
    const purpose = i % 2 === 0 ? 'login' : 'signup';
    expect((await send('/api/user/email_code', { email, purpose })).status, `request ${i + 1}`).toBe(200);
    advance(61);
  }
  const refused = await send('/api/user/email_code', { email, purpose: 'login' });
  advance(11 * 60);
  return refused;
}

const codeNeeded = {
  error_msg: MESSAGES.underAttackCodeNeeded.en,
  code: ERROR_CODES.manyFailedLogins,
  need_verification: true,
  field: 'code',
};

describe('an owner whose address strangers flood with code requests', { timeout: 60_000 }, () => {
  it('logs in with the right password and the code it is sent, while the attack goes on all day', async () => {
    const u = await buildUser(lib.db);
    const creds = { username: u.username, passwd: u.password };
    const home = { ip: nextIp(), fingerprint: 'fp-home' };

    await guessFromTwoAddresses(u.username);
    const refused = await spendAddressCodes(u.email!);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: ERROR_CODES.tooManyRequests, error_msg: MESSAGES.codesPerTargetToday.en },
    });
    // Every 15 minutes the strangers start again: the code requirement stays on all day.
    for (let round = 0; round < 3; round++) {
      const guesses = await guessFromTwoAddresses(u.username);
      expect(guesses.every((g) => g.status === 400)).toBe(true);
      const mails = await outboxCount(lib, u.email!);
      const ask = await send(USER_LOGIN, creds, home);
      expect(ask).toEqual({ status: 400, body: codeNeeded });
      // The code really went, though strangers used up the address's codes for the day.
      expect(await outboxCount(lib, u.email!), `round ${round + 1}`).toBe(mails + 1);
      const code = await lastCode(lib, u.email!);
      const ok = await send(USER_LOGIN, { ...creds, code }, home);
      expect(ok.status, `round ${round + 1}`).toBe(200);
      expect(ok.body.token).toEqual(expect.any(String));
      // The strangers' own requests are still refused: the owner's codes are not theirs to use.
      expect((await send('/api/user/email_code', { email: u.email, purpose: 'login' })).status).toBe(429);
      advance(15 * 60 + 1);
    }
  });

  it('the console: an administrator logs in with the password and the code it is sent', async () => {
    const password = 'Adm1nPassw0rd';
    const a = await buildUser(lib.db, { password, roles: ['admin', 'user'], deviceCheck: true });
    const creds = { username: a.username, passwd: password };
    await guessFromTwoAddresses(a.username, CONSOLE_LOGIN);
    await spendAddressCodes(a.email!);
    await guessFromTwoAddresses(a.username, CONSOLE_LOGIN);

    const mails = await outboxCount(lib, a.email!);
    const ask = await send(CONSOLE_LOGIN, creds, { fingerprint: 'fp-console' });
    expect(ask).toEqual({ status: 400, body: codeNeeded });
    expect(await outboxCount(lib, a.email!)).toBe(mails + 1);
    const code = await lastCode(lib, a.email!);
    const ok = await send(CONSOLE_LOGIN, { ...creds, code }, { fingerprint: 'fp-console' });
    expect(ok.status).toBe(200);
    expect((await call(lib.app, '/api/manage/user/list', {}, { token: String(ok.body.token) })).status).toBe(
      200,
    );
  });

  it('from a new device, with no wrong password at all, the owner is sent the code and logs in', async () => {
    const u = await buildUser(lib.db, { deviceCheck: true });
    const creds = { username: u.username, passwd: u.password };
    await spendAddressCodes(u.email!);
    const laptop = { ip: nextIp(), fingerprint: 'fp-new-laptop' };
    const mails = await outboxCount(lib, u.email!);
    const ask = await send(USER_LOGIN, creds, laptop);
    expect(ask).toMatchObject({
      status: 400,
      body: { code: ERROR_CODES.verificationRequired, need_verification: true, field: 'code' },
    });
    expect(await outboxCount(lib, u.email!)).toBe(mails + 1);
    const code = await lastCode(lib, u.email!);
    expect((await send(USER_LOGIN, { ...creds, code: wrongCode(code) }, laptop)).body.code).toBe(
      ERROR_CODES.codeInvalid,
    );
    expect((await send(USER_LOGIN, { ...creds, code }, laptop)).status).toBe(200);
  });

  it("a stranger's code request neither delays nor replaces the code the owner's login was sent", async () => {
    const u = await buildUser(lib.db);
    const creds = { username: u.username, passwd: u.password };
    const home = { ip: nextIp(), fingerprint: 'fp-home' };
    await guessFromTwoAddresses(u.username);

    // A stranger asks first: the owner's login a moment later is still sent its own code.
    expect((await send('/api/user/email_code', { email: u.email, purpose: 'login' })).status).toBe(200);
    const requested = await lastCode(lib, u.email!);
    const mails = await outboxCount(lib, u.email!);
    expect(await send(USER_LOGIN, creds, home)).toEqual({ status: 400, body: codeNeeded });
    expect(await outboxCount(lib, u.email!)).toBe(mails + 1);
    const owners = await lastCode(lib, u.email!);

    // Another stranger's request later sends a new requested code; the owner's stays good.
    advance(61);
    expect((await send('/api/user/email_code', { email: u.email, purpose: 'login' })).status).toBe(200);
    const requestedAgain = await lastCode(lib, u.email!);
    expect((await send(USER_LOGIN, { ...creds, code: owners }, home)).status).toBe(200);

    // A code asked for through the code call (the login form's resend for an e-mail) works too,
    // the latest one only.
    if (requested !== requestedAgain)
      expect((await send(USER_LOGIN, { ...creds, code: requested }, home)).body).toEqual({
        ...codeNeeded,
        error_msg: MESSAGES.underAttackWrong.en,
      });
    expect((await send(USER_LOGIN, { ...creds, code: requestedAgain }, home)).status).toBe(200);
  });
});

describe('the codes a right password sends', { timeout: 60_000 }, () => {
  it(`are bounded per account (${loginCodesPerAccount.limit} in ${loginCodesPerAccount.windowS / 3600} h), apart from the codes anyone can request`, async () => {
    const u = await buildUser(lib.db);
    const creds = { username: u.username, passwd: u.password };
    const home = { ip: nextIp(), fingerprint: 'fp-home' };
    await guessFromTwoAddresses(u.username);
    const start = await outboxCount(lib, u.email!);
    for (let i = 0; i < loginCodesPerAccount.limit; i++) {
      expect(await send(USER_LOGIN, creds, home)).toEqual({ status: 400, body: codeNeeded });
      advance(61);
    }
    expect(await outboxCount(lib, u.email!)).toBe(start + loginCodesPerAccount.limit);
    // Past the bound the answer is unchanged (it still reads like a wrong password) and nothing goes.
    expect(await send(USER_LOGIN, creds, home)).toEqual({ status: 400, body: codeNeeded });
    expect(await outboxCount(lib, u.email!)).toBe(start + loginCodesPerAccount.limit);
    // The owner's logins spent none of the address's codes anyone may request.
    expect((await send('/api/user/email_code', { email: u.email, purpose: 'login' })).status).toBe(200);
    const requested = await lastCode(lib, u.email!);
    expect((await send(USER_LOGIN, { ...creds, code: requested }, home)).status).toBe(200);
  });

  it('from new devices, past the bound: 429 with when to try again, and nothing sent', async () => {
    // An administrator, so that the console's login meets the same bound.
    const u = await buildUser(lib.db, { deviceCheck: true, roles: ['admin', 'user'] });
    const creds = { username: u.username, passwd: u.password };
    const start = await outboxCount(lib, u.email!);
    for (let i = 0; i < loginCodesPerAccount.limit; i++) {
      const r = await send(USER_LOGIN, creds, { fingerprint: `fp-device-${i}` });
      expect(r.body.code, `login ${i + 1}`).toBe(ERROR_CODES.verificationRequired);
      advance(61);
    }
    const over = await send(USER_LOGIN, creds, { fingerprint: 'fp-device-over' });
    expect(over).toMatchObject({ status: 429, body: { code: ERROR_CODES.tooManyRequests } });
    const wait = Number(over.body.retry_after_s);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(loginCodesPerAccount.windowS);
    // It says which limit was hit (not "your network") and when it lifts, in both languages.
    const refusal = msg('loginCodesPerHour', {
      limit: loginCodesPerAccount.limit,
      minutes: Math.ceil(wait / 60),
    });
    expect(over.body.error_msg).toBe(render(refusal, 'en'));
    expect(over.body.error_msg).toMatch(
      /login codes were sent to this account \(10 an hour\); please try again in \d+ min$/,
    );
    const zh = await call(lib.app, CONSOLE_LOGIN, creds, {
      ip: nextIp(),
      fingerprint: 'fp-device-console',
      headers: { 'x-language': 'zh' },
    });
    expect(zh.status).toBe(429);
    expect(zh.body).toMatchObject({ error_msg: render(refusal, 'zh') });
    expect(String((zh.body as { error_msg: string }).error_msg)).toContain('每小时 10 个');
    expect(await outboxCount(lib, u.email!)).toBe(start + loginCodesPerAccount.limit);
    // Once the oldest of them ages out, the owner is sent a code again.
    advance(wait + 1);
    expect((await send(USER_LOGIN, creds, { fingerprint: 'fp-device-later' })).body.code).toBe(
      ERROR_CODES.verificationRequired,
    );
    expect(await outboxCount(lib, u.email!)).toBe(start + loginCodesPerAccount.limit + 1);
  });
});

describe(
  'under the attack, no answer tells an existing account from an unknown one',
  { timeout: 60_000 },
  () => {
    it('the lock, the guesses and the code requests answer alike', async () => {
      const u = await buildUser(lib.db);
      const ghost = { username: 'ghost_lockout', email: 'ghost.lockout@example.com' };
      const real = await guessFromTwoAddresses(u.username);
      const unknown = await guessFromTwoAddresses(ghost.username);
      expect(unknown).toEqual(real);
      expect(await spendAddressCodes(ghost.email)).toEqual(await spendAddressCodes(u.email!));
      await guessFromTwoAddresses(u.username);
      await guessFromTwoAddresses(ghost.username);

      const from = nextIp();
      const guess = await send(USER_LOGIN, { username: u.username, passwd: 'WrongPass2' }, { ip: from });
      const ghostGuess = await send(
        USER_LOGIN,
        { username: ghost.username, passwd: 'WrongPass2' },
        { ip: from },
      );
      const owner = await send(USER_LOGIN, { username: u.username, passwd: u.password }, { ip: from });
      expect(guess).toEqual({ status: 400, body: codeNeeded });
      expect(ghostGuess).toEqual(guess);
      expect(owner).toEqual(guess);
      const withCode = { passwd: 'WrongPass2', code: '123456' };
      expect(await send(USER_LOGIN, { username: ghost.username, ...withCode })).toEqual(
        await send(USER_LOGIN, { username: u.username, ...withCode }),
      );
    });
  },
);
