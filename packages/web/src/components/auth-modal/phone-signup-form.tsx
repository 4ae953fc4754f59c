import type { MOBILE_COUNTRY_CODES } from '@rl/contract/constants';
import { mobileDigits } from '@rl/contract/constants';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user-api';
import { smsCodeSender } from '../account-fields/code-senders';
import { CodeInput } from '../account-fields/code-input';
import { fieldRules } from '../account-fields/field-rules';
import { MobileFields } from '../account-fields/mobile-fields';
import { NewPasswordField } from '../account-fields/new-password-field';
import { useCodeSentHint } from './use-code-sent-hint';
import { useSignupSubmit } from './use-signup-submit';

interface PhoneSignupValues {
  country_code: (typeof MOBILE_COUNTRY_CODES)[number];
  phone: string;
  code: string;
  passwd: string;
}

/** Signup of the cn variant: country code (+86), mobile number, SMS code, password. */
export function PhoneSignupForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneSignupValues>();
  const { submitting, submit } = useSignupSubmit(
    form,
    (values) =>
      userApi.phoneSignup({
        phone: mobileDigits(values.phone),
        country_code: values.country_code,
        code: values.code.trim(),
        passwd: values.passwd,
      }),
    onDone,
  );
  const { hint, onSent } = useCodeSentHint();
  const sendCode = smsCodeSender(form, 'signup', onSent);

  return (
    <Form<PhoneSignupValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      data-testid="signup-form"
    >
      <MobileFields />
      <Form.Item name="code" label={t('signup.form.smsCode')} rules={fieldRules(t).smsCode} extra={hint}>
        <CodeInput onSend={sendCode} />
      </Form.Item>
      <NewPasswordField />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="signup-submit">
        {t('signup.form.submit')}
      </Button>
    </Form>
  );
}
