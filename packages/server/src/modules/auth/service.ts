import type { z } from 'zod';
import {
  CODE_RESEND_S,
  ERROR_CODES,
  looksLikeEmail,
  mobileDigits,
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
import { BadRequest, Forbidden } from '../../http/errors.js';
import { requireUser, type Viewer } from '../../http/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import { toUserRecord, type UserRecord, type UserRow } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import { nationalNumber } from '../users/phone.js';
import { assertFree, withUniqueness } from '../users/uniqueness.js';
import type { UserInfoOf } from '../users/user-info.js';
import type { CodeService, CodeTarget } from './codes.js';
import { TooFrequent } from './codes.js';
import { THROTTLES, VERIFY_AFTER_FAILURES } from './limits.js';
import type { Sessions } from './sessions.js';
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
 * The login throttles, shared by the user login and the admin login (issue 7): 429 past the
 * per-IP attempts (this attempt counts).
 */
export async function throttleLoginIp(throttle: Throttle, ip: string): Promise<void> {
  if (await throttle.hit(THROTTLES.loginsPerIp, ip))
    throw new TooFrequent('Request too frequent, please try again later', THROTTLES.loginsPerIp.windowS);
}

/** A password check under way on an account: counted as a failure until it is found right. */
export interface PasswordAttempt {
  /** The account's recent failures before this attempt. */
  failures: number;
  /** The password was right: the attempt is no failure. */
  passed(): Promise<void>;
}

/**
 * Starts a password check on an account (a login, the admin login, a password change): 429 when
 * its recent failures reached the limit; else the attempt is recorded as a failure before the
 * password is checked, so guesses sent at once cannot all pass the count, and withdrawn when the
 * password is right.
 */
export async function startPasswordCheck(
  deps: { throttle: Throttle; clock: Clock },
  userId: string,
  lockedMessage = 'Too many failed logins on this account; please try again later',
): Promise<PasswordAttempt> {
  const rule = THROTTLES.failuresPerAccount;
  const taken = await deps.throttle.take(rule, userId);
  if (taken) return { failures: taken.before, passed: () => deps.throttle.release(taken.id) };
  const oldest = await deps.throttle.oldest(rule, userId);
  const wait = oldest
    ? rule.windowS - (deps.clock.now().getTime() - new Date(oldest).getTime()) / 1000
    : rule.windowS;
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
    const email = target.channel === 'email' ? target.email : undefined;
    const phone = target.channel === 'sms' ? target.phone : undefined;
    if (purpose === 'signup') await assertFree(users, target.channel === 'email' ? { email } : { phone });
    if (purpose === 'change_email' || purpose === 'bind_mobile') {
      const me = requireUser(viewer);
      await assertFree(users, target.channel === 'email' ? { email } : { phone }, me.id);
    }
    if (purpose === 'login') {
      // Sent only to an existing account, but answered the same either way.
      const holder = email ? await users.byEmail(email) : await users.byPhone(phone ?? '');
      if (!holder) return { sent_to: codes.shownAs(target), resend_after_s: CODE_RESEND_S };
    }
    return codes.send(target, purpose, { ip: viewer.ip });
  }

  async function findForLogin(req: LoginIn): Promise<UserRow | undefined> {
    const raw = (req.email || req.username || '').trim();
    if (looksLikeEmail(raw)) return users.byEmail(raw.toLowerCase());
    const byName = await users.byUsername(raw);
    if (byName || deps.deployVariant !== 'cn' || !/^\+?[\d\s-]+$/.test(raw)) return byName;
    return users.byPhone(nationalNumber(mobileDigits(raw), '86'));
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
    await assertFree(users, {
      username: fields.username,
      ...(fields.email ? { email: fields.email } : {}),
      ...(fields.phone ? { phone: fields.phone } : {}),
    });
    await codes.verify(target, 'signup', code);
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
      await assertFree(users, { phone: req.phone });
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

    /**
     * Login: 429 past the IP or account throttle; 400 invalid_credentials for any wrong
     * identifier or password (a dummy hash runs for unknown accounts); 403 for a disabled account;
     * 400 need_verification (a code sent to the account) from an unknown device or after
     * repeated failures, until the request carries that code.
     */
    async login(viewer: Viewer, req: LoginIn): Promise<LoginResponse> {
      const fingerprint = viewer.fingerprint ?? req.fingerprint?.trim() ?? null;
      await throttleLoginIp(throttle, viewer.ip);
      const row = await findForLogin(req);
      const attempt = row ? await startPasswordCheck({ throttle, clock }, row.id) : null;
      const ok = row
        ? await hasher.verify(req.passwd, row.password_hash)
        : (await hasher.dummyVerify(req.passwd), false);
      // A wrong password leaves the attempt counted as a failure.
      if (!row || !attempt || !ok)
        throw new BadRequest(INVALID_CREDENTIALS, {}, ERROR_CODES.invalidCredentials);
      await attempt.passed();
      const { failures } = attempt;
      if (row.status === 'disabled') throw new Forbidden(ACCOUNT_DISABLED, ERROR_CODES.accountDisabled);
      const user = toUserRecord(row);
      const target = loginTarget(user);
      const unknownDevice = !fingerprint || !(await deps.sessionsRepo.isKnownDevice(user.id, fingerprint));
      if (target && user.device_check && (unknownDevice || failures >= VERIFY_AFTER_FAILURES)) {
        if (req.code) {
          await codes.verify(target, 'login', req.code, { need_verification: true });
        } else {
          const sent = await codes.send(target, 'login', { ip: null, quietIfRecent: true });
          throw new BadRequest(
            `Enter the verification code we sent to ${sent.sent_to}`,
            { need_verification: true, field: 'code' },
            ERROR_CODES.verificationRequired,
          );
        }
      }
      const now = isoNow(clock);
      await throttle.clear(THROTTLES.failuresPerAccount, user.id);
      const updated = await users.update(user.id, {
        ...(hasher.needsRehash(row.password_hash) ? { password_hash: await hasher.hash(req.passwd) } : {}),
        last_login_time: now,
        ...(user.status === 'inactive' ? { status: 'active' as const, updated_time: now } : {}),
      });
      if (fingerprint) await deps.sessionsRepo.addDevice(user.id, fingerprint, now);
      const token = await sessions.issue(user.id, fingerprint);
      return { token, user_info: await deps.userInfo(toUserRecord(updated ?? row)) };
    },

    async logout(viewer: Viewer): Promise<void> {
      if (viewer.token) await sessions.revoke(viewer.token);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
