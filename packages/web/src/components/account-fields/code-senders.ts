import type { CodeSentResponse } from '@rl/contract';
import { mobileDigits, normaliseEmail, type CodePurpose } from '@rl/contract/constants';
import type { FormInstance } from 'antd';
import { userApi } from '../../api/user-api';

/** Told where a code went (masked), e.g. to show a hint under the code field. */
type OnSent = (sent: CodeSentResponse) => void;

const reported = (sent: CodeSentResponse, onSent?: OnSent): number => {
  onSent?.(sent);
  return sent.resend_after_s;
};

/**
 * The send-code action of a form with an `email` field: checks the field, sends a code for
 * `purpose` and answers the seconds until another may be sent.
 */
export const emailCodeSender =
  (form: FormInstance, purpose: CodePurpose, onSent?: OnSent) => async (): Promise<number> => {
    const { email } = (await form.validateFields(['email'])) as { email: string };
    return reported(await userApi.emailCode({ email: normaliseEmail(email), purpose }), onSent);
  };

/** The same for a form with the `phone` and `country_code` fields of MobileFields. */
export const smsCodeSender =
  (form: FormInstance, purpose: CodePurpose, onSent?: OnSent) => async (): Promise<number> => {
    const { phone, country_code } = (await form.validateFields(['phone', 'country_code'])) as {
      phone: string;
      country_code: '86';
    };
    return reported(await userApi.smsCode({ phone: mobileDigits(phone), country_code, purpose }), onSent);
  };
