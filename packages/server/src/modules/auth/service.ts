import type { z } from 'zod';
import {
  type CodePurpose,
  type CodeSentResponse,
  type DeployVariant,
  type EmailCodeRequest,
  type EmailSignupRequest,
  type LoginRequest,
  type LoginResponse,
  type PhoneSignupRequest,
  type SmsCodeRequest,
  type UserInfo,
} from '@rl/contract';
import type { Viewer } from '../../http/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import { toUserRecord, type UserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import { nationalNumber } from '../users/phone.js';
import { assertFree, withUniqueness } from '../users/uniqueness.js';
import type { UserInfoOf } from '../users/user-info.js';
import { noticeFor } from './address-notice.js';
import type { CodeService, CodeTarget } from './codes.js';
import type { LoginCheck } from './login-check.js';
import { TooFrequent } from './codes.js';
import { THROTTLES } from './limits.js';
import type { Sessions } from './sessions.js';
import { throttleSignup } from './signup-throttle.js';
import type { SessionsRepo } from './sessions-repo.js';
import type { Throttle } from './throttle.js';

/** Parsed (output) shapes of the contract's requests. */
type EmailCodeIn = z.output<typeof EmailCodeRequest>;
type SmsCodeIn = z.output<typeof SmsCodeRequest>;
type EmailSignupIn = z.output<typeof EmailSignupRequest>;
type PhoneSignupIn = z.output<typeof PhoneSignupRequest>;
type LoginIn = z.output<typeof LoginRequest>;

/** One message for every wrong identifier or password: no account enumeration. */
export const INVALID_CREDENTIALS = 'Incorrect username or password';
export const ACCOUNT_DISABLED = 'This account is disabled; please contact an administrator';

export interface AuthDeps {
  users: UsersRepo;
  hasher: PasswordHasher;
  codes: CodeService;
  sessions: Sessions;
  sessionsRepo: SessionsRepo;
  throttle: Throttle;
  clock: Clock;
  deployVariant: DeployVariant;
  userInfo: UserInfoOf;
  loginCheck: LoginCheck;
}

/** Where the login code of an account goes: its e-mail, else its mobile. */
export function loginTarget(
  user: Pick<UserRecord, 'email' | 'phone' | 'phone_country_code'>,
): CodeTarget | null {
  if (user.email) return { channel: 'email', email: user.email };
  if (user.phone) return { channel: 'sms', phone: user.phone, countryCode: user.phone_country_code ?? '86' };
  return null;
}

/**
 * The login throttle of a source (login-source.ts: an IPv4 address or an IPv6 /64), shared by the
 * user login and the console login: 429 past its attempts per minute (this attempt counts).
 */
export async function throttleLoginIp(throttle: Throttle, source: string): Promise<void> {
  if (await throttle.hit(THROTTLES.loginsPerIp, source))
    throw new TooFrequent('Request too frequent, please try again later', THROTTLES.loginsPerIp.windowS);
}

/** A password check under way on an account: counted as a failure until it is found right. */
export interface PasswordAttempt {
  /** The account's recent failures from anywhere before this attempt. */
  failures: number;
  /** The account's failures reached the backstop: a login also needs the account's code. */
  underAttack: boolean;
  /** The password was right: the attempt is no failure. */
  passed(): Promise<void>;
  /**
   * The login succeeded: the failures from this source are forgotten, and the account's too
   * unless it is under attack (those age out, or the attacker would start afresh).
   */
  loggedIn(): Promise<void>;
}

/** The source of a password check made inside a session (a password change): one for the account. */
const IN_SESSION = 'session';

/**
 * Starts a password check on an account (or an unknown login name) from a source (login-source.ts):
 * 429 when that source's recent failures on it reached the limit; else the attempt is recorded as
 * a failure of the source and of the account before the password is checked, so guesses sent at
 * once cannot all pass the count, and withdrawn when the password is right.
 */
export async function startPasswordCheck(
  deps: { throttle: Throttle; clock: Clock },
  subject: string,
  lockedMessage = 'Too many failed logins on this account; please try again later',
  source = IN_SESSION,
): Promise<PasswordAttempt> {
  const { failuresPerSource: perSource, failuresPerAccount: perAccount } = THROTTLES;
  const taken = await deps.throttle.takeFromSource(perSource, perAccount, subject, source);
  if (taken) {
    const underAttack = taken.subjectBefore >= perAccount.limit;
    return {
      failures: taken.subjectBefore,
      underAttack,
      passed: () => deps.throttle.release(...taken.ids),
      async loggedIn() {
        await deps.throttle.clearSource(perSource, subject, source);
        if (!underAttack) await deps.throttle.clear(perAccount, subject);
      },
    };
  }
  const oldest = await deps.throttle.oldestFromSource(perSource, subject, source);
  const wait = oldest
    ? perSource.windowS - (deps.clock.now().getTime() - new Date(oldest).getTime()) / 1000
    : perSource.windowS;
  throw new TooFrequent(lockedMessage, wait);
}

/** Signup, login with new-device verification, logout, and sending codes. */
export function createAuthService(deps: AuthDeps) {
  const { users, hasher, codes, sessions, throttle, clock } = deps;

  async function sendCode(
    viewer: Viewer,
    target: CodeTarget,
    purpose: CodePurpose,
  ): Promise<CodeSentResponse> {
    // Answered alike whether the address has an account: only its owner reads which (the notice).
    const notice = await noticeFor(users, viewer, target, purpose);
    return codes.send(target, purpose, { ip: viewer.ip, notice });
  }

  async function signup(
    viewer: Viewer,
    target: CodeTarget,
    code: string,
    fields: {
      username: string;
      email: string | null;
      phone: string | null;
      phone_country_code: string | null;
    },
    passwd: string,
  ): Promise<{ user_info: UserInfo }> {
    await throttleSignup({ throttle, clock }, viewer.ip, target);
    // The code first: only the address's owner learns whether the username or address is taken.
    await codes.verify(target, 'signup', code, {}, () =>
      assertFree(users, {
        username: fields.username,
        ...(fields.email ? { email: fields.email } : {}),
        ...(fields.phone ? { phone: fields.phone } : {}),
      }),
    );
    const password_hash = await hasher.hash(passwd);
    const now = isoNow(clock);
    const row = await withUniqueness(() =>
      users.insert({ ...fields, password_hash, status: 'inactive', created_time: now, updated_time: now }),
    );
    // The browser that signed up is a known device: its first login needs no code.
    if (viewer.fingerprint) await deps.sessionsRepo.addDevice(row.id, viewer.fingerprint, now);
    return { user_info: await deps.userInfo(toUserRecord(row)) };
  }

  /** A free username for a mobile signup: m + the number, with a suffix if someone has it. */
  async function usernameForPhone(phone: string): Promise<string> {
    const base = `m${phone}`.slice(0, 16);
    if (!(await users.byUsername(base))) return base;
    for (let i = 0; i < 20; i++) {
      const candidate = `${base}_${Math.floor(Math.random() * 1000)}`;
      if (!(await users.byUsername(candidate))) return candidate;
    }
    return `${base}_${Date.now() % 1000}`;
  }

  return {
    sendEmailCode: (viewer: Viewer, req: EmailCodeIn) =>
      sendCode(viewer, { channel: 'email', email: req.email }, req.purpose),

    sendSmsCode: (viewer: Viewer, req: SmsCodeIn) =>
      sendCode(
        viewer,
        { channel: 'sms', phone: nationalNumber(req.phone, req.country_code), countryCode: req.country_code },
        req.purpose,
      ),

    emailSignup: (viewer: Viewer, req: EmailSignupIn) =>
      signup(
        viewer,
        { channel: 'email', email: req.email },
        req.code,
        { username: req.username, email: req.email, phone: null, phone_country_code: null },
        req.passwd,
      ),

    async phoneSignup(viewer: Viewer, input: PhoneSignupIn) {
      const req = { ...input, phone: nationalNumber(input.phone, input.country_code) };
      return signup(
        viewer,
        { channel: 'sms', phone: req.phone, countryCode: req.country_code },
        req.code,
        {
          username: await usernameForPhone(req.phone),
          email: null,
          phone: req.phone,
          phone_country_code: req.country_code,
        },
        req.passwd,
      );
    },

    /** Login (login-check.ts), then the account's last login, a stronger hash if due, and a session. */
    async login(viewer: Viewer, req: LoginIn): Promise<LoginResponse> {
      const { row, fingerprint } = await deps.loginCheck.check(viewer, req);
      const now = isoNow(clock);
      const updated = await users.update(row.id, {
        ...(hasher.needsRehash(row.password_hash) ? { password_hash: await hasher.hash(req.passwd) } : {}),
        last_login_time: now,
        ...(row.status === 'inactive' ? { status: 'active' as const, updated_time: now } : {}),
      });
      const token = await sessions.issue(row.id, fingerprint);
      return { token, user_info: await deps.userInfo(toUserRecord(updated ?? row)) };
    },

    async logout(viewer: Viewer): Promise<void> {
      if (viewer.token) await sessions.revoke(viewer.token);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
