/**
 * Every throttle of the account calls, in one place (documented in docs/api.md). Windows slide:
 * an event counts for `windowS` seconds after it happened. Counts live in the database
 * (`rate_events`) so every HTTP worker sees the same numbers.
 */
export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowS: number;
}

export const THROTTLES = {
  /**
   * Codes the code calls (anyone's requests) send to one e-mail address or mobile number per day.
   * The login's own codes never count here, so strangers spending these cannot stop them.
   */
  codesPerTarget: { bucket: 'code_target', limit: 10, windowS: 24 * 3600 },
  /** Codes requested from one IP address per day. */
  codesPerIp: { bucket: 'code_ip', limit: 30, windowS: 24 * 3600 },
  /**
   * Codes a login sends to one account per hour because its right password was presented (a new
   * device, recent failures, the backstop). Only the password can spend them: anyone's requests
   * through the code calls neither count here nor replace these codes.
   */
  loginCodesPerAccount: { bucket: 'code_login', limit: 10, windowS: 3600 },
  /** Signup attempts (right or wrong) from one IP address per hour; the next one is a 429. */
  signupsPerIp: { bucket: 'signup_ip', limit: 20, windowS: 3600 },
  /**
   * Signup attempts for one e-mail address or mobile number per hour, from anywhere. Above the
   * code's own tries (a code allows CODE_MAX_TRIES) so the owner can retry a typo.
   */
  signupsPerTarget: { bucket: 'signup_target', limit: 30, windowS: 3600 },
  /** Login attempts from one IP address (an IPv6 /64 counts as one) per minute; the next one is a 429. */
  loginsPerIp: { bucket: 'login_ip', limit: 30, windowS: 60 },
  /**
   * Failed logins (or password checks) of one account from one source (an IPv4 address, an IPv6
   * /64) per 15 minutes; then 429 for that source only, so a stranger cannot lock the owner out.
   */
  failuresPerSource: { bucket: 'login_fail_src', limit: 10, windowS: 15 * 60 },
  /**
   * The backstop: failed logins of one account from anywhere per 15 minutes. Past it nobody is
   * refused, but every login also needs the code sent to the account, and the answer no longer
   * tells a right password from a wrong one.
   */
  failuresPerAccount: { bucket: 'login_fail', limit: 20, windowS: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

/** Failed logins on an account (from anywhere, within the window above) after which a login also needs a code. */
export const VERIFY_AFTER_FAILURES = 3;
