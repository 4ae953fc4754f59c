import type { z } from 'zod';
import {
  type CodePurpose,
  type CodeSentResponse,
  type EmailCodeRequest,
  type EmailSignupRequest,
  type LoginRequest,
  type LoginResponse,
  type PhoneSignupRequest,
  type SmsCodeRequest,
  type UserInfo,
} from '@rl/contract';
import type { Viewer } from '../access/viewer.js';
import type { Language } from '../../messages/bilingual.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import { toUserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import { nationalNumber } from '../users/phone.js';
import { assertFree, withUniqueness } from '../users/uniqueness.js';
import type { UserInfoOf } from '../users/user-info.js';
import { noticeFor } from './address-notice.js';
import type { CodeService, CodeTarget } from './codes.js';
import type { LoginCheck } from './login-check.js';
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

export interface AuthDeps {
  users: UsersRepo;
  hasher: PasswordHasher;
  codes: CodeService;
  sessions: Sessions;
  sessionsRepo: SessionsRepo;
  throttle: Throttle;
  clock: Clock;
  userInfo: UserInfoOf;
  loginCheck: LoginCheck;
}

/** Signup, login with new-device verification, logout, and sending codes. */
export function createAuthService(deps: AuthDeps) {
  const { users, hasher, codes, sessions, throttle, clock } = deps;

  async function sendCode(
    viewer: Viewer,
    target: CodeTarget,
    purpose: CodePurpose,
    language: Language,
  ): Promise<CodeSentResponse> {
    // Answered alike whether the address has an account: only its owner reads which (the notice).
    const notice = await noticeFor(users, viewer, target, purpose);
    return codes.send(target, purpose, { ip: viewer.ip, language, notice });
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
    /** `language`: the request's, which the message carrying the code is written in. */
    sendEmailCode: (viewer: Viewer, req: EmailCodeIn, language: Language) =>
      sendCode(viewer, { channel: 'email', email: req.email }, req.purpose, language),

    sendSmsCode: (viewer: Viewer, req: SmsCodeIn, language: Language) =>
      sendCode(
        viewer,
        { channel: 'sms', phone: nationalNumber(req.phone, req.country_code), countryCode: req.country_code },
        req.purpose,
        language,
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
    async login(viewer: Viewer, req: LoginIn, language: Language): Promise<LoginResponse> {
      const { row, fingerprint } = await deps.loginCheck.check(viewer, req, { language });
      const now = isoNow(clock);
      const updated = await users.update(row.id, {
        ...(hasher.needsRehash(row.password_hash) ? { password_hash: await hasher.hash(req.passwd) } : {}),
        last_login_time: now,
        ...(row.status === 'inactive' ? { status: 'active' as const, updated_time: now } : {}),
      });
      const token = await sessions.issue(row.id, fingerprint);
      return { token, user_info: await deps.userInfo(toUserRecord(updated ?? row)) };
    },

    /**
     * Ends the session of the token sent, whatever it is: a user session, or a console session
     * (the viewer never resolves those, yet logging out with one must not answer ok and leave it).
     */
    logout: (token: string) => sessions.revoke(token),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
