import { ERROR_CODES as C, type ErrorCode } from '@rl/contract';

/**
 * The status of each code of the catalogue (SPEC.md section 8; docs/api.md lists them): one
 * status per code, so a service names the reason and the status follows. A code added to the
 * contract fails to compile here until it has its status.
 */
const STATUS_OF: Record<ErrorCode, number> = {
  [C.validation]: 400,
  [C.badRequest]: 400,
  [C.invalidCredentials]: 400,
  [C.verificationRequired]: 400,
  [C.manyFailedLogins]: 400,
  [C.codeInvalid]: 400,
  [C.alreadyExists]: 400,
  [C.notPdf]: 400,
  [C.limitReached]: 400,
  [C.securityCheckFailed]: 400,
  [C.unauthorized]: 401,
  [C.accountDisabled]: 403,
  [C.quotaExceeded]: 403,
  [C.planRequired]: 403,
  [C.fileAgeBlocked]: 403,
  [C.regionRestricted]: 403,
  [C.linkInvalid]: 403,
  [C.linkExpired]: 403,
  [C.linkNotYours]: 403,
  [C.fileNotFound]: 404,
  [C.notFound]: 404,
  [C.userNotFound]: 404,
  [C.complaintNotFound]: 404,
  [C.messageNotFound]: 404,
  [C.fileMissing]: 404,
  [C.conflict]: 409,
  [C.tooLarge]: 413,
  [C.badRange]: 416,
  [C.tooManyRequests]: 429,
  [C.internal]: 500,
  [C.unavailable]: 503,
  [C.translationUnavailable]: 503,
  [C.databaseUnavailable]: 503,
};

export const statusOf = (code: ErrorCode): number => STATUS_OF[code];
