import { ERROR_CODES } from '@rl/contract/constants';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../api/api-error';

/**
 * What a login asking for a code says (the app's dialog and the console's page): many failed
 * logins on the account, in the reader's language, else the server's message (where the code went).
 */
export function verificationMessage(error: ApiError, t: TFunction, sentCode: boolean): string {
  if (error.body?.code === ERROR_CODES.manyFailedLogins)
    return t(sentCode ? 'login.attack.wrong' : 'login.attack.codeNeeded');
  return error.serverMessage ?? t('login.form.code.errMsg');
}

/**
 * How a verification notice looks: a request for a code is information; the same answer to a
 * login that sent a code means the code (or the password) was wrong, an error.
 */
export function verificationTone(sentCode: boolean): 'info' | 'error' {
  return sentCode ? 'error' : 'info';
}

/**
 * What a 429 of a login says. The server's message names the limit that was hit (attempts from
 * the network, failed logins on the account, login codes sent to it) and when it lifts; without
 * one, when to try again if the server told.
 */
export function tooFrequentMessage(error: ApiError, t: TFunction): string {
  if (error.serverMessage) return error.serverMessage;
  const seconds = Number((error.body as { retry_after_s?: unknown } | null)?.retry_after_s);
  return seconds > 0
    ? t('login.error.tooMany', { minutes: Math.ceil(seconds / 60) })
    : t('errors.request.tooFrequent');
}
