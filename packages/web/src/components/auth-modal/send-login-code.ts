import type { DeployVariant } from '@rl/contract/constants';
import { isValidMobile, looksLikeEmail, mobileDigits, normaliseEmail } from '@rl/contract/constants';
import { isApiError } from '../../api/api-error';
import { userApi } from '../../api/user-api';

/** A phone-shaped identifier: digits with the usual separators, of a valid length. */
function looksLikeMobile(value: string): boolean {
  return /^\+?[\d\s()-]+$/.test(value.trim()) && isValidMobile(value);
}

export class InvalidLoginEmail extends Error {}

/**
 * Sends the login verification code again: by e-mail for an e-mail identifier, by SMS for a
 * mobile number (cn variant), else by repeating the login without a code (the server re-sends
 * to the account's address). Resolves with the seconds before the next send.
 */
export async function sendLoginCode(identifier: string, passwd: string, variant: DeployVariant) {
  const value = identifier.trim();
  if (looksLikeEmail(value)) {
    const sent = await userApi.emailCode({ email: normaliseEmail(value), purpose: 'login' });
    return sent.resend_after_s;
  }
  if (value.includes('@')) throw new InvalidLoginEmail('Invalid e-mail');
  if (variant === 'cn' && looksLikeMobile(value)) {
    const sent = await userApi.smsCode({ phone: mobileDigits(value), purpose: 'login' });
    return sent.resend_after_s;
  }
  try {
    await userApi.login({ username: value, passwd });
  } catch (error) {
    // The expected answer: verification is required and the code is on its way.
    if (isApiError(error) && error.needVerification) return undefined;
    throw error;
  }
  return undefined;
}
