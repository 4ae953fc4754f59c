import { ERROR_CODES, type ErrorCode } from '@rl/contract/constants';
import { isApiError } from '../../../api/api-error';

/**
 * What a failed upload asks of the user: `file`, another file (this one is refused whoever sends
 * it, whenever); `account`, a change to the account (the catalogue shows its wall: an upgrade, a
 * login); `retry`, nothing but sending it again (too frequent, the server busy or unreachable).
 */
export type UploadFailure = 'file' | 'account' | 'retry';

/** The catalogue's codes that judge the file itself: not a PDF, too large, already sent, malformed. */
const ABOUT_THE_FILE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  ERROR_CODES.notPdf,
  ERROR_CODES.tooLarge,
  ERROR_CODES.conflict,
  ERROR_CODES.validation,
  ERROR_CODES.badRequest,
]);

/** The catalogue's codes that judge the account: its plan, its quota, its state, its region. */
const ABOUT_THE_ACCOUNT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  ERROR_CODES.quotaExceeded,
  ERROR_CODES.planRequired,
  ERROR_CODES.limitReached,
  ERROR_CODES.accountDisabled,
  ERROR_CODES.regionRestricted,
  ERROR_CODES.unauthorized,
]);

/**
 * Statuses that refuse the body whatever its sender, for an answer without a catalogue code (a
 * proxy's, or the framework's own: 415 for a body that is no upload).
 */
const FILE_STATUSES = new Set([400, 409, 413, 415, 422]);

const isCatalogueCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (Object.values(ERROR_CODES) as string[]).includes(code);

/** Sorts a failed upload by the error catalogue's code, by its status when it has none. */
export function uploadFailure(error: unknown): UploadFailure {
  if (!isApiError(error) || error.kind !== 'http') return 'retry';
  const code = error.body?.code;
  if (isCatalogueCode(code)) {
    if (ABOUT_THE_FILE.has(code)) return 'file';
    return ABOUT_THE_ACCOUNT.has(code) ? 'account' : 'retry';
  }
  if (FILE_STATUSES.has(error.status)) return 'file';
  return error.status === 401 || error.status === 403 ? 'account' : 'retry';
}
