import { ERROR_CODES, looksLikeEmail, mobileDigits, type DeployVariant } from '@rl/contract';
import { AppError } from '../../errors.js';
import type { Language } from '../../messages/bilingual.js';
import { msg } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import { toUserRecord, type UserRow } from '../users/model.js';
import type { UserRecord } from '../access/user-record.js';
import { nationalNumber } from '../users/phone.js';
import type { UsersRepo } from '../users/repo.js';
import type { CodeService, CodeTarget } from './codes.js';
import { VERIFY_AFTER_FAILURES } from './limits.js';
import { loginSource } from './login-source.js';
import { startPasswordCheck, throttleLoginIp, type PasswordAttempt } from './password-check.js';
import type { SessionsRepo } from './sessions-repo.js';
import type { Throttle } from './throttle.js';

/** One message for every wrong identifier or password: no account enumeration. */

/** Where the login code of an account goes: its e-mail, else its mobile. */
function loginTarget(user: Pick<UserRecord, 'email' | 'phone' | 'phone_country_code'>): CodeTarget | null {
  if (user.email) return { channel: 'email', email: user.email };
  if (user.phone) return { channel: 'sms', phone: user.phone, countryCode: user.phone_country_code ?? '86' };
  return null;
}

/** What a login sends: the user login's and the console login's fields. */
export interface LoginCredentials {
  email?: string | undefined;
  username?: string | undefined;
  passwd: string;
  code?: string | undefined;
  fingerprint?: string | undefined;
}

export interface LoginCheckDeps {
  users: UsersRepo;
  hasher: PasswordHasher;
  codes: CodeService;
  sessionsRepo: SessionsRepo;
  throttle: Throttle;
  clock: Clock;
  deployVariant: DeployVariant;
}

/**
 * The one check of a login, shared by the user login and the console login: the throttles, the
 * password, and the code of a new device or of an account under attack. Failures are counted per
 * account and source (a stranger's guesses lock only the stranger out), with a backstop per account
 * past which the right password also needs the code and no answer tells a right password from a
 * wrong one.
 */
export function createLoginCheck(deps: LoginCheckDeps) {
  const { users, hasher, codes, throttle, clock } = deps;

  async function findAccount(raw: string): Promise<UserRow | undefined> {
    if (looksLikeEmail(raw)) return users.byEmail(raw.toLowerCase());
    const byName = await users.byUsername(raw);
    if (byName || deps.deployVariant !== 'cn' || !/^\+?[\d\s-]+$/.test(raw)) return byName;
    return users.byPhone(nationalNumber(mobileDigits(raw), '86'));
  }

  const underAttack = (withCode: boolean) =>
    // Without a code: the same whether the password was right (a code was sent) or not; with one,
    // the same whether the password or the code was wrong.
    new AppError(ERROR_CODES.manyFailedLogins, msg(withCode ? 'underAttackWrong' : 'underAttackCodeNeeded'), {
      need_verification: true,
      field: 'code',
    });
  /**
   * A refusal of the code service (a wrong, expired or spent code; a send throttled), read as any
   * other refusal past the backstop.
   */
  const masked = (withCode: boolean) => (err: unknown) => {
    const refused =
      err instanceof AppError &&
      (err.code === ERROR_CODES.codeInvalid || err.code === ERROR_CODES.tooManyRequests);
    throw refused ? underAttack(withCode) : err;
  };

  /**
   * Past the backstop: the login needs the account's code whatever the device, and every refusal
   * reads the same (a code is sent only for the right password; a wrong password never spends a
   * try of the owner's code). The code comes from the account's own allowance (sendLoginCode), so
   * strangers asking for codes to the address cannot keep the owner from getting one.
   */
  async function verifyUnderAttack(
    user: UserRecord,
    target: CodeTarget | null,
    code: string | undefined,
    language: Language,
  ): Promise<void> {
    if (!target) throw underAttack(Boolean(code));
    if (!code) {
      // A send refused (the account's login codes for the hour) must read the same as a wrong password.
      await codes.sendLoginCode(target, user.id, language).catch(masked(false));
      throw underAttack(false);
    }
    await codes.verifyLoginCode(target, code).catch(masked(true));
  }

  /** A new device (or a few failures lately): the code sent to the account's address. */
  async function verifyDevice(
    user: UserRecord,
    target: CodeTarget,
    code: string | undefined,
    language: Language,
  ): Promise<void> {
    if (code) return codes.verifyLoginCode(target, code, { need_verification: true });
    const sent = await codes.sendLoginCode(target, user.id, language);
    throw new AppError(ERROR_CODES.verificationRequired, msg('enterCodeSentTo', { sentTo: sent.sent_to }), {
      need_verification: true,
      field: 'code',
    });
  }

  return {
    /**
     * Checks a login and answers the account once it may have a session. Throws 429 past the
     * source's throttles; 400 invalid_credentials for any wrong identifier or password (a dummy hash
     * runs for unknown accounts), or for an account `admits` refuses; 403 for a disabled account;
     * 400 need_verification (a code sent to the account) from an unknown device or after repeated
     * failures, until the request carries that code; past the backstop, 400 many_failed_logins
     * until the right password comes with the code.
     */
    async check(
      viewer: Viewer,
      req: LoginCredentials,
      opts: {
        admits?: (user: UserRecord) => boolean;
        /** The request's language: a code sent on the way is written in it. */
        language: Language;
      },
    ): Promise<{ row: UserRow; fingerprint: string | null }> {
      const fingerprint = viewer.fingerprint ?? (req.fingerprint?.trim() || null);
      const source = loginSource(viewer.ip);
      await throttleLoginIp(throttle, source);
      const identifier = (req.email || req.username || '').trim();
      const row = await findAccount(identifier);
      // An unknown name is locked like an account: the lock tells nobody which names exist.
      const subject = row?.id ?? `name:${identifier.toLowerCase().replace(/\s+/g, '')}`;
      const attempt: PasswordAttempt = await startPasswordCheck(
        { throttle, clock },
        subject,
        'loginLockedFromHere',
        source,
      );
      const ok = row
        ? await hasher.verify(req.passwd, row.password_hash)
        : (await hasher.dummyVerify(req.passwd), false);
      // A wrong password leaves the attempt counted as a failure.
      if (ok) await attempt.passed();
      const user = row && ok ? toUserRecord(row) : null;
      if (!row || !user || !(opts.admits?.(user) ?? true))
        throw attempt.underAttack
          ? underAttack(Boolean(req.code))
          : new AppError(ERROR_CODES.invalidCredentials, msg('invalidCredentials'));
      const target = loginTarget(user);
      if (attempt.underAttack) await verifyUnderAttack(user, target, req.code, opts.language);
      if (user.status === 'disabled') throw new AppError(ERROR_CODES.accountDisabled, msg('accountDisabled'));
      if (!attempt.underAttack && target && user.device_check) {
        const knownDevice =
          fingerprint !== null && (await deps.sessionsRepo.isKnownDevice(user.id, fingerprint));
        if (!knownDevice || attempt.failures >= VERIFY_AFTER_FAILURES)
          await verifyDevice(user, target, req.code, opts.language);
      }
      await attempt.loggedIn();
      if (fingerprint) await deps.sessionsRepo.addDevice(user.id, fingerprint, isoNow(clock));
      return { row, fingerprint };
    },
  };
}
export type LoginCheck = ReturnType<typeof createLoginCheck>;
