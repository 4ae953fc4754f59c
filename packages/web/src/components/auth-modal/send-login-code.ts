import { isApiError } from '../../api/api-error';
import { userApi } from '../../api/user-api';
import { buildLoginRequest } from './login-request';

/**
 * Sends the login verification code again by repeating the login without a code: the server
 * re-sends it to the account's address from the login's own allowance, which only the right
 * password spends (the console login does the same). Never `email_code` / `sms_code`: their
 * allowance per address is open to anyone, so strangers could use it up and block the resend.
 * Resolves with the seconds before the next send (undefined: the button's default).
 */
export async function sendLoginCode(identifier: string, passwd: string): Promise<number | undefined> {
  try {
    await userApi.login(buildLoginRequest(identifier, passwd));
  } catch (error) {
    // The expected answer: verification is required and the code is on its way.
    if (isApiError(error) && error.needVerification) return undefined;
    throw error;
  }
  return undefined;
}
