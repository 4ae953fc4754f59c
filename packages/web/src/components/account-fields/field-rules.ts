import {
  CODE_PATTERN,
  EMAIL_PATTERN,
  isValidMobile,
  LOGIN_CODE_PATTERN,
  normaliseEmail,
  passwordChecklist,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@rl/contract/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** An example address for the e-mail format message ({email}). */
export const EXAMPLE_EMAIL = 'name@example.com';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A rule that passes empty values (the required rule speaks for those) and checks the rest. */
function check(test: (value: string) => boolean, message: string): FormRule {
  return {
    validator: (_, value) =>
      !text(value) || test(text(value)) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });

/**
 * The form rules of SPEC.md section 5, with the contract's numbers and patterns and the locale's
 * messages; the server checks the very same rules.
 */
export function fieldRules(t: TFunction) {
  return {
    email: [
      required(t('signup.form.email.errMsg')),
      check(
        (v) => EMAIL_PATTERN.test(normaliseEmail(v)),
        t('signup.form.email.errFormat', { email: EXAMPLE_EMAIL }),
      ),
    ],
    emailCode: [
      required(t('signup.form.emailCode.errMsg')),
      check((v) => CODE_PATTERN.test(v.trim()), t('signup.form.emailCode.errMsg')),
    ],
    smsCode: [
      required(t('signup.form.smsCode.errMsg')),
      check((v) => CODE_PATTERN.test(v.trim()), t('signup.form.smsCode.errFormat')),
    ],
    username: [
      required(t('signup.form.username.errMsg')),
      check((v) => {
        const name = v.trim();
        return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name);
      }, t('signup.form.username.errFormat')),
    ],
    newPassword: [
      { required: true, message: t('signup.form.password.errMsg') },
      check((v) => Object.values(passwordChecklist(v)).every(Boolean), t('signup.form.password.errFormat')),
    ],
    mobile: [
      required(t('signup.form.mobile.errMsg')),
      check(isValidMobile, t('signup.form.mobile.errFormat')),
    ],
    loginIdentifier: [required(t('login.form.username.errMsg'))],
    password: [{ required: true, message: t('login.form.password.errMsg') }],
    loginCode: [
      required(t('login.form.code.errMsg')),
      check((v) => LOGIN_CODE_PATTERN.test(v.trim()), t('login.form.code.errFormat')),
    ],
  } satisfies Record<string, FormRule[]>;
}
