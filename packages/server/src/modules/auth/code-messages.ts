import { CODE_TTL_MIN, type CodePurpose } from '@rl/contract';

/**
 * What a code request for an address sends instead of a code when the address cannot use one:
 * `account_exists` (signing up, or adding to an account, an address another account holds),
 * `no_account` (a login code for an address no account holds). The request is answered exactly
 * as if a code had gone, so the answer never tells whether the address has an account; only
 * the address's owner reads which it was.
 */
export type CodeNotice = 'account_exists' | 'no_account';

export interface CodeMessage {
  subject: string;
  text: string;
}

const WHAT_FOR: Record<CodePurpose, string> = {
  signup: 'to finish signing up',
  login: 'to log in from a new device',
  change_email: 'to confirm your new e-mail address',
  bind_mobile: 'to confirm your mobile number',
};

const ASKED_TO: Record<CodePurpose, string> = {
  signup: 'sign up with',
  login: 'log in with',
  change_email: 'add to an account',
  bind_mobile: 'add to an account',
};

const NOTICE: Record<CodeNotice, { subject: string; text: string }> = {
  account_exists: {
    subject: 'You already have an account',
    text:
      'This address already belongs to an account, so no code was sent. If that account is yours, ' +
      'log in with your username, e-mail or mobile number and password. If you no longer know the ' +
      'password, write to us through the contact page and an administrator will reset it.',
  },
  no_account: {
    subject: 'No account uses this address',
    text:
      'No account uses this address, so no code was sent. If it was you, you can sign up with ' +
      'this address, or log in with the address your account uses.',
  },
};

/** The message that carries a code. */
export function codeMessage(purpose: CodePurpose, code: string): CodeMessage {
  return {
    subject: `Verification code ${code}`,
    text: `Your verification code is ${code}. Enter it ${WHAT_FOR[purpose]}. It is valid for ${CODE_TTL_MIN} minutes. If you did not ask for it, ignore this message.`,
  };
}

/** The message sent instead of a code (see CodeNotice); it holds no code. */
export function noticeMessage(purpose: CodePurpose, notice: CodeNotice): CodeMessage {
  const { subject, text } = NOTICE[notice];
  return {
    subject,
    text: `Someone asked for a code to ${ASKED_TO[purpose]} this address. ${text} If you did not ask for it, ignore this message.`,
  };
}
