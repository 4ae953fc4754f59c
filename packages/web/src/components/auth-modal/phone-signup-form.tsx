import type { MOBILE_COUNTRY_CODES } from '@rl/contract/constants';
import { mobileDigits } from '@rl/contract/constants';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user-api';
import { smsCodeSender } from '../account-fields/code-senders';
import { CodeInput } from '../account-fields/code-input';
import { fieldRules } from '../account-fields/field-rules';
import { MobileFields } from '../account-fields/mobile-fields';
import { SignupFormFrame } from './signup-form-frame';
import { useCodeSentHint } from './use-code-sent-hint';

interface PhoneSignupValues {
  country_code: (typeof MOBILE_COUNTRY_CODES)[number];
  phone: string;
  code: string;
  passwd: string;
}

/** Signup of the cn variant: country code (+86), mobile number, SMS code, password. */
export function PhoneSignupForm({ onDone }: { onDone(username: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneSignupValues>();
  const { hint, onSent } = useCodeSentHint();
  const sendCode = smsCodeSender(form, 'signup', onSent);
  const signup = (values: PhoneSignupValues) =>
    userApi.phoneSignup({
      phone: mobileDigits(values.phone),
      country_code: values.country_code,
      code: values.code.trim(),
      passwd: values.passwd,
    });

  return (
    <SignupFormFrame form={form} call={signup} onDone={onDone}>
      <MobileFields />
      <Form.Item name="code" label={t('signup.form.smsCode')} rules={fieldRules(t).smsCode} extra={hint}>
        <CodeInput onSend={sendCode} />
      </Form.Item>
    </SignupFormFrame>
  );
}
