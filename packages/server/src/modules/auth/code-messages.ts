import { CODE_TTL_MIN, type CodePurpose } from '@rl/contract';
import type { Language } from '../../messages/bilingual.js';
import type { MessageKey } from '../../messages/catalogue.js';
import { msg, render } from '../../messages/message.js';

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

const WHAT_FOR: Record<CodePurpose, MessageKey> = {
  signup: 'codeForSignup',
  login: 'codeForLogin',
  change_email: 'codeForChangeEmail',
  bind_mobile: 'codeForBindMobile',
};

const ASKED_TO: Record<CodePurpose, MessageKey> = {
  signup: 'noticeForSignup',
  login: 'noticeForLogin',
  change_email: 'noticeForAccount',
  bind_mobile: 'noticeForAccount',
};

const NOTICE: Record<CodeNotice, { subject: MessageKey; text: MessageKey }> = {
  account_exists: { subject: 'noticeAccountExistsSubject', text: 'noticeAccountExists' },
  no_account: { subject: 'noticeNoAccountSubject', text: 'noticeNoAccount' },
};

/** The message that carries a code, in the language of the request that asked for it. */
export function codeMessage(purpose: CodePurpose, code: string, language: Language): CodeMessage {
  return {
    subject: render(msg('codeMailSubject', { code }), language),
    text: render(
      msg('codeMailText', { code, purpose: msg(WHAT_FOR[purpose]), minutes: CODE_TTL_MIN }),
      language,
    ),
  };
}

/** The message sent instead of a code (see CodeNotice); it holds no code. */
export function noticeMessage(purpose: CodePurpose, notice: CodeNotice, language: Language): CodeMessage {
  const { subject, text } = NOTICE[notice];
  return {
    subject: render(msg(subject), language),
    text: render(msg('noticeText', { purpose: msg(ASKED_TO[purpose]), notice: msg(text) }), language),
  };
}
