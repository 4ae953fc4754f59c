import type { MessageKey } from '../../messages/catalogue.js';
import type { Clock } from '../../platform/clock.js';
import { refusedFor } from './codes.js';
import { THROTTLES } from './limits.js';
import type { Throttle } from './throttle.js';

/*
 * The throttles of a password check, shared by the user login, the console login (login-check.ts)
 * and a password change (users/service.ts).
 */

/**
 * The login throttle of a source (login-source.ts: an IPv4 address or an IPv6 /64), shared by the
 * user login and the console login: 429 past its attempts per minute (this attempt counts).
 */
export async function throttleLoginIp(throttle: Throttle, source: string): Promise<void> {
  if (await throttle.hit(THROTTLES.loginsPerIp, source))
    throw refusedFor('loginsFromNetwork', THROTTLES.loginsPerIp.windowS, {
      limit: THROTTLES.loginsPerIp.limit,
    });
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
  lockedMessage: Extract<
    MessageKey,
    'loginLocked' | 'loginLockedFromHere' | 'wrongPasswordsLocked'
  > = 'loginLocked',
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
  throw refusedFor(lockedMessage, wait);
}
