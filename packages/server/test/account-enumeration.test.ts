import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_TRIES, ERROR_CODES } from '@rl/contract';
import { MESSAGES } from '../src/messages/catalogue.js';
import { THROTTLES } from '../src/modules/auth/limits.js';
import { readOutbox } from '../src/platform/outbox.js';
import { buildUser, lastCode, outboxCount } from './accounts.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

/**
 * Which accounts exist cannot be learned: the code calls, signup and the login lock answer alike
 * for a taken and a free username, e-mail or mobile, and the signup and code calls are throttled
 * per IP and per target.
 */

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

let ipSeq = 0;
const nextIp = () => `10.44.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const advance = (seconds: number) =>
  lib.clock.set(new Date(lib.clock.now().getTime() + seconds * 1000).toISOString());

type Answer = { status: number; body: Record<string, unknown> };
const answer = (r: Answer): Answer => ({ status: r.status, body: r.body });
const emailCode = async (email: string, ip: string, purpose = 'signup') =>
  answer(await call(lib.app, '/api/user/email_code', { email, purpose }, { ip }));
const signup = async (body: Record<string, unknown>, ip: string) =>
  answer(await call(lib.app, '/api/user/email_signup', { passwd: 'GoodPass1', ...body }, { ip }));
const mailsTo = async (to: string) => (await readOutbox(join(lib.dir, 'outbox'))).filter((m) => m.to === to);

describe('signup', () => {
  it('a wrong code answers code_invalid whether the username is taken or free (200 probes)', async () => {
    await buildUser(lib.db, { username: 'probe_taken' });
    const probes: Answer[][] = [[], []];
    for (let i = 0; i < 100; i++) {
      // Each probe from its own address: here the answer is tested, not the throttle.
      for (const [k, username] of (['probe_taken', 'probe_freee'] as const).entries())
        probes[k]!.push(await signup({ email: `p${i}@example.com`, code: '000000', username }, nextIp()));
    }
    expect(probes[0]).toEqual(probes[1]);
    expect(probes[0]![0]).toMatchObject({
      status: 400,
      body: { code: ERROR_CODES.codeInvalid, field: 'code' },
    });
  });

  it('with a code sent to a fresh address, a wrong code answers alike for a taken and a free name', async () => {
    await buildUser(lib.db, { username: 'held_name' });
    const ip = nextIp();
    await emailCode('fresh.one@example.com', ip);
    const code = await lastCode(lib, 'fresh.one@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const taken = await signup({ email: 'fresh.one@example.com', code: wrong, username: 'held_name' }, ip);
    const free = await signup({ email: 'fresh.one@example.com', code: wrong, username: 'free_name' }, ip);
    expect(taken).toEqual(free);
    expect(taken.body.code).toBe(ERROR_CODES.codeInvalid);
    // The owner of the address (right code) may learn the name is taken; the code stays for a retry.
    const owner = await signup({ email: 'fresh.one@example.com', code, username: 'HELD_NAME' }, ip);
    expect(owner).toMatchObject({
      status: 400,
      body: { code: ERROR_CODES.alreadyExists, field: 'username' },
    });
    expect((await signup({ email: 'fresh.one@example.com', code, username: 'free_name' }, ip)).status).toBe(
      200,
    );
  });
});

describe('/api/user/email_code', () => {
  /** Everything a stranger can see of an address: the send, a resend, the code's tries, the cap. */
  async function probe(email: string): Promise<unknown[]> {
    const ip = nextIp();
    const seen: unknown[] = [await emailCode(email, ip), await emailCode(email, ip)];
    for (let i = 0; i <= CODE_MAX_TRIES; i++)
      seen.push(await signup({ email, code: '000000', username: 'probe_name' }, nextIp()));
    for (let i = 1; i < THROTTLES.codesPerTarget.limit; i++) {
      advance(61);
      seen.push(await emailCode(email, nextIp()));
    }
    advance(61);
    seen.push(await emailCode(email, nextIp()));
    return seen;
  }

  it('answers alike for a registered and a free e-mail; the registered one is told by mail', async () => {
    await buildUser(lib.db, { username: 'mail_holder', email: 'tina.holder@example.com' });
    const registered = await probe('tina.holder@example.com');
    const free = await probe('tom.nobody@example.com');
    expect(registered).toEqual(free);
    expect(registered[0]).toEqual({ status: 200, body: { sent_to: 't***@example.com', resend_after_s: 60 } });
    expect(registered[1]).toMatchObject({ status: 429 });
    expect(registered.at(-1)).toMatchObject({ status: 429, body: { code: ERROR_CODES.tooManyRequests } });
    // The holder's mails carry no code and say the account exists; the free address got codes.
    const held = await mailsTo('tina.holder@example.com');
    expect(held).toHaveLength(THROTTLES.codesPerTarget.limit);
    for (const m of held) {
      expect(m.subject).toBe('You already have an account');
      expect(m.text).toMatch(/already belongs to an account/);
      expect(m.text).not.toMatch(/\b\d{6}\b/);
    }
    expect(await outboxCount(lib, 'tom.nobody@example.com')).toBe(THROTTLES.codesPerTarget.limit);
    expect(await lastCode(lib, 'tom.nobody@example.com')).toMatch(/^\d{6}$/);
  });

  it('a login code answers alike for an address with and without an account', async () => {
    await buildUser(lib.db, { username: 'login_holder', email: 'lena.holder@example.com' });
    const held = [await emailCode('lena.holder@example.com', nextIp(), 'login')];
    const none = [await emailCode('lars.nobody@example.com', nextIp(), 'login')];
    held.push(await emailCode('lena.holder@example.com', nextIp(), 'login'));
    none.push(await emailCode('lars.nobody@example.com', nextIp(), 'login'));
    expect(held).toEqual(none);
    expect(held[0]!.status).toBe(200);
    expect(held[1]!.status).toBe(429);
    expect((await mailsTo('lars.nobody@example.com'))[0]?.subject).toBe('No account uses this address');
    expect(await lastCode(lib, 'lena.holder@example.com')).toMatch(/^\d{6}$/);
  });

  it('caps the code calls of one IP, registered addresses counted like free ones', async () => {
    await buildUser(lib.db, { username: 'cap_holder', email: 'cap.holder@example.com' });
    const ip = nextIp();
    const answers = [await emailCode('cap.holder@example.com', ip)];
    for (let i = 1; i < THROTTLES.codesPerIp.limit; i++)
      answers.push(await emailCode(`cap${i}@example.com`, ip));
    expect(answers.map((a) => a.status)).toEqual(Array(THROTTLES.codesPerIp.limit).fill(200));
    const over = await emailCode('cap.more@example.com', ip);
    expect(over).toMatchObject({ status: 429, body: { code: ERROR_CODES.tooManyRequests } });
  });
});

describe('/api/user/sms_code (cn variant)', () => {
  let cn: TestLibrary;
  beforeAll(async () => {
    cn = await openTestLibrary({ DEPLOY_VARIANT: 'cn', ICP_LICENSE: '京ICP备12345678号' });
  });
  afterAll(() => cn.close());

  it('answers alike for a registered and a free mobile, and signup checks the code first', async () => {
    await buildUser(cn.db, { username: 'phone_holder', phone: '13900139001' });
    const sms = async (phone: string) =>
      answer(await call(cn.app, '/api/user/sms_code', { phone }, { ip: nextIp() }));
    const phoneSignup = async (phone: string) =>
      answer(
        await call(
          cn.app,
          '/api/user/phone_signup',
          { phone, passwd: 'GoodPass1', code: '000000' },
          { ip: nextIp() },
        ),
      );
    const registered = [await sms('13900139001'), await sms('13900139001'), await phoneSignup('13900139001')];
    const free = [await sms('13900139002'), await sms('13900139002'), await phoneSignup('13900139002')];
    // Masks differ only in the last digit of the number.
    const unmask = (a: Answer[]) => JSON.stringify(a).replace(/\*{4}\d{4}/g, '****XXXX');
    expect(unmask(registered)).toBe(unmask(free));
    expect(registered[0]!.status).toBe(200);
    expect(registered[2]).toMatchObject({ status: 400, body: { code: ERROR_CODES.codeInvalid } });
    const text = (await readOutbox(join(cn.dir, 'outbox'))).filter((m) => m.to === '8613900139001')[0]?.text;
    expect(text).toMatch(/already belongs to an account/);
  });
});

describe('throttles', () => {
  it(`signups from one IP: ${THROTTLES.signupsPerIp.limit} an hour, then 429`, async () => {
    const ip = nextIp();
    for (let i = 0; i < THROTTLES.signupsPerIp.limit; i++) {
      const r = await signup({ email: `ipcap${i}@example.com`, code: '000000', username: 'ipcap_name' }, ip);
      expect(r.body.code, `attempt ${i + 1}`).toBe(ERROR_CODES.codeInvalid);
    }
    const over = await signup(
      { email: 'ipcap.more@example.com', code: '000000', username: 'ipcap_name' },
      ip,
    );
    expect(over).toMatchObject({
      status: 429,
      body: { code: ERROR_CODES.tooManyRequests, error_msg: MESSAGES.signupTooFrequent.en },
    });
    // Refused attempts do not count: the window ends an hour after the first.
    advance(THROTTLES.signupsPerIp.windowS + 1);
    const later = await signup(
      { email: 'ipcap.more@example.com', code: '000000', username: 'ipcap_name' },
      ip,
    );
    expect(later.body.code).toBe(ERROR_CODES.codeInvalid);
  });

  it(`signups for one address: ${THROTTLES.signupsPerTarget.limit} an hour from anywhere, then 429`, async () => {
    const body = { email: 'target.cap@example.com', code: '000000', username: 'target_name' };
    for (let i = 0; i < THROTTLES.signupsPerTarget.limit; i++)
      expect((await signup(body, nextIp())).body.code, `attempt ${i + 1}`).toBe(ERROR_CODES.codeInvalid);
    const over = await signup(body, nextIp());
    expect(over).toMatchObject({ status: 429, body: { code: ERROR_CODES.tooManyRequests } });
    expect(over.body.retry_after_s).toBeGreaterThan(0);
    expect(await signup({ ...body, email: 'other.target@example.com' }, nextIp())).toMatchObject({
      status: 400,
      body: { code: ERROR_CODES.codeInvalid },
    });
  });
});

describe('the login lock', () => {
  /** Wrong passwords for `username` from one address until a 429 (or 60 tries): every answer. */
  async function lockOut(username: string): Promise<Answer[]> {
    const ip = nextIp();
    const seen: Answer[] = [];
    for (let i = 0; i < 60; i++) {
      const r = answer(
        await call(
          lib.app,
          '/api/user/login',
          { username, passwd: 'WrongPass1' },
          { ip, fingerprint: 'fp-x' },
        ),
      );
      seen.push(r);
      if (r.status === 429) break;
      // Past the per-IP login rate: only the account lock is under test.
      if ((i + 1) % 20 === 0) advance(61);
    }
    return seen;
  }

  it('locks an unknown name exactly like a real account', async () => {
    await buildUser(lib.db, { username: 'lock_real' });
    const real = await lockOut('lock_real');
    const unknown = await lockOut('lock_nobo');
    expect(real.at(-1)?.status).toBe(429);
    expect(unknown).toEqual(real);
  });
});
