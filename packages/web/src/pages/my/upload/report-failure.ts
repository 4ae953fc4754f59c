import type { TFunction } from 'i18next';
import { isAbortError, isApiError } from '../../../api/api-error';
import { applyErrorCatalogue } from '../../../api/http-client';

/** Statuses whose catalogue behaviour is more than a message: login, plans, region, too frequent. */
const CATALOGUE_STATUSES = new Set([401, 403, 429]);

/**
 * Hands a failed upload or delete to the error catalogue when the catalogue has its own answer
 * for it (SPEC.md section 8); returns true then. Other failures are the page's to report with its
 * own message (`failureText`), so the user sees one message, not a toast and a second one.
 */
export function handledByCatalogue(error: unknown): boolean {
  if (isAbortError(error)) return true;
  if (isApiError(error) && error.kind === 'http' && CATALOGUE_STATUSES.has(error.status)) {
    applyErrorCatalogue(error);
    return true;
  }
  return false;
}

/** The page's message for a failure, with the server's reason when it gave one. */
export function failureText(error: unknown, message: string, t: TFunction): string {
  const reason = !isApiError(error)
    ? null
    : error.kind === 'network'
      ? t('errors.network')
      : error.serverMessage;
  return reason ? t('upload.failedWithReason', { message, reason }) : message;
}
