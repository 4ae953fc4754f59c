/**
 * The error catalogue: every error body's stable `code` (the server's errors take one of these;
 * its error handler gives each its status of SPEC.md section 8, noted below). The web tells the
 * reasons behind one status apart by the code, never by the message.
 */
export const ERROR_CODES = {
  /** 400: a field breaks a rule of SPEC.md section 5 (or the call's own rule); `field` names it. */
  validation: 'validation',
  /** 400: other bad input without a code of its own; the message says what. */
  badRequest: 'bad_request',
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
  /** 400: a public form's security check failed, expired or was replayed (`field: altcha`). */
  securityCheckFailed: 'security_check_failed',
  /** 409: the caller already holds this (same content uploaded, same collection name). */
  conflict: 'conflict',
  /** 404: the file does not exist or the caller may not see it (never tells which). */
  fileNotFound: 'file_not_found',
  /** 404: no such endpoint, upload under way or collection of the caller; the message says which. */
  notFound: 'not_found',
  /** 404: the console names an account that does not exist. */
  userNotFound: 'user_not_found',
  /** 404: the console names a DMCA complaint that does not exist. */
  complaintNotFound: 'complaint_not_found',
  /** 404: the console names a contact message that does not exist. */
  messageNotFound: 'message_not_found',
  /** 404: the stored PDF of a file is missing (the console's download). */
  fileMissing: 'file_missing',
  /** 416: a download's byte range starts past the end of the file. */
  badRange: 'bad_range',
  /** 401: no or an expired/revoked token. */
  unauthorized: 'unauthorized',
  /** 500: an unexpected failure; the details are only logged. */
  internal: 'internal',
  /** 503: a passing failure (the AI provider, storing an upload); the call may be repeated later. */
  unavailable: 'unavailable',
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
