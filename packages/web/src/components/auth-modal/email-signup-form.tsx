import { normaliseEmail } from '@rl/contract/constants';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user-api';
import { emailCodeSender } from '../account-fields/code-senders';
import { CodeInput } from '../account-fields/code-input';
import { EXAMPLE_EMAIL, fieldRules } from '../account-fields/field-rules';
import { SignupFormFrame } from './signup-form-frame';
import { useCodeSentHint } from './use-code-sent-hint';

interface EmailSignupValues {
  email: string;
  code: string;
  username: string;
  passwd: string;
}

/** Signup of the global variant: e-mail, e-mail code, username, password. */
export function EmailSignupForm({ onDone }: { onDone(username: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailSignupValues>();
  const rules = fieldRules(t);
  const { hint, onSent } = useCodeSentHint();
  const sendCode = emailCodeSender(form, 'signup', onSent);
  const signup = (values: EmailSignupValues) =>
    userApi.emailSignup({
      email: normaliseEmail(values.email),
      code: values.code.trim(),
      username: values.username.trim(),
      passwd: values.passwd,
    });

  return (
    <SignupFormFrame form={form} call={signup} onDone={onDone}>
      <Form.Item name="email" label={t('signup.form.email')} rules={rules.email}>
        <Input inputMode="email" autoComplete="email" placeholder={EXAMPLE_EMAIL} />
      </Form.Item>
      <Form.Item name="code" label={t('signup.form.emailCode')} rules={rules.emailCode} extra={hint}>
        <CodeInput onSend={sendCode} />
      </Form.Item>
      <Form.Item name="username" label={t('signup.form.username')} rules={rules.username}>
        <Input autoComplete="username" />
      </Form.Item>
    </SignupFormFrame>
  );
}
