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
  /** Codes sent to one e-mail address or mobile number per day. */
  codesPerTarget: { bucket: 'code_target', limit: 10, windowS: 24 * 3600 },
  /** Codes requested from one IP address per day. */
  codesPerIp: { bucket: 'code_ip', limit: 30, windowS: 24 * 3600 },
  /** Login attempts from one IP address per minute; the next one is a 429. */
  loginsPerIp: { bucket: 'login_ip', limit: 30, windowS: 60 },
  /** Failed logins (or password checks) of one account per 15 minutes; then 429 until they age. */
  failuresPerAccount: { bucket: 'login_fail', limit: 10, windowS: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

/** Failed logins on an account (within the window above) after which a login also needs a code. */
export const VERIFY_AFTER_FAILURES = 3;
