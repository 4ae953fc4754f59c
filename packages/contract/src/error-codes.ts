/**
 * Stable `code` values of error bodies that the web treats specially (SPEC.md section 8 gives
 * the statuses; these tell apart the reasons behind one status).
 */
export const ERROR_CODES = {
  /** 400: wrong username/e-mail/mobile or password; one generic message, no enumeration. */
  invalidCredentials: 'invalid_credentials',
  /** 400 with need_verification: true; the login must be repeated with a code. */
  verificationRequired: 'verification_required',
  /**
   * 400 with need_verification: true: many failed logins were made on the account lately, so a
   * login also needs the code sent to it (sent only when the password is right; the answer is the
   * same either way). Also the answer to a wrong password or code meanwhile.
   */
  manyFailedLogins: 'many_failed_logins',
  /** 400: the code is wrong, expired or spent. */
  codeInvalid: 'code_invalid',
  /** 400: username, e-mail or mobile already taken (field says which). */
  alreadyExists: 'already_exists',
  /** 403: the account is disabled by an administrator. */
  accountDisabled: 'account_disabled',
  /** 403: the plan's quota for this use is spent; the web opens the subscription modal. */
  quotaExceeded: 'quota_exceeded',
  /** 403: the plan does not offer this (downloads, collections on the free plan). */
  planRequired: 'plan_required',
  /** 403: the trial file-age rule blocks this report. */
  fileAgeBlocked: 'file_age_blocked',
  /** 403: closed in the user's region; the web shows REGION_MESSAGE, not the subscription modal. */
  regionRestricted: 'region_restricted',
  /** 400: the upload is not a PDF (judged by its content), is empty or is damaged. */
  notPdf: 'not_pdf',
  /** 413: the file is larger than the plan allows (paid plan; the free plan answers quota_exceeded). */
  tooLarge: 'too_large',
  /** 400: a limit of my library is reached (collections, files in one, starred issuers). */
  limitReached: 'limit_reached',
  /** 409: the caller already holds this (same content uploaded, same collection name). */
  conflict: 'conflict',
  /** 404: the file does not exist or the caller may not see it (never tells which). */
  fileNotFound: 'file_not_found',
  /** 401: no or an expired/revoked token. */
  unauthorized: 'unauthorized',
  /** 503: no translation service (model provider) is configured. */
  translationUnavailable: 'translation_unavailable',
  /** 503: the database cannot be reached (restart, failover); the call may be repeated shortly. */
  databaseUnavailable: 'database_unavailable',
  /** 429. */
  tooManyRequests: 'too_many_requests',
  /** 403: a signed file link (preview or download) is tampered, or was not issued to this viewer. */
  linkInvalid: 'link_invalid',
  /** 403: a signed file link is past its lifetime; ask for a new one. */
  linkExpired: 'link_expired',
  /** 403: a download link used by another account, or resumed (Range) without its account's token. */
  linkNotYours: 'link_not_yours',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
