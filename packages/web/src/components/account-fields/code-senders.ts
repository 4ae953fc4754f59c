import { mobileDigits, normaliseEmail, type CodePurpose } from '@rl/contract/constants';
import type { FormInstance } from 'antd';
import { userApi } from '../../api/user-api';

/**
 * The send-code action of a form with an `email` field: checks the field, sends a code for
 * `purpose` and answers the seconds until another may be sent.
 */
export const emailCodeSender = (form: FormInstance, purpose: CodePurpose) => async (): Promise<number> => {
  const { email } = (await form.validateFields(['email'])) as { email: string };
  return (await userApi.emailCode({ email: normaliseEmail(email), purpose })).resend_after_s;
};

/** The same for a form with the `phone` and `country_code` fields of MobileFields. */
export const smsCodeSender = (form: FormInstance, purpose: CodePurpose) => async (): Promise<number> => {
  const { phone, country_code } = (await form.validateFields(['phone', 'country_code'])) as {
    phone: string;
    country_code: '86';
  };
  return (await userApi.smsCode({ phone: mobileDigits(phone), country_code, purpose })).resend_after_s;
};
