import { normaliseEmail } from '@rl/contract/constants';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user-api';
import { emailCodeSender } from '../account-fields/code-senders';
import { CodeInput } from '../account-fields/code-input';
import { EXAMPLE_EMAIL, fieldRules } from '../account-fields/field-rules';
import { NewPasswordField } from '../account-fields/new-password-field';
import { useCodeSentHint } from './use-code-sent-hint';
import { useSignupSubmit } from './use-signup-submit';

interface EmailSignupValues {
  email: string;
  code: string;
  username: string;
  passwd: string;
}

/** Signup of the global variant: e-mail, e-mail code, username, password. */
export function EmailSignupForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailSignupValues>();
  const rules = fieldRules(t);
  const { submitting, submit } = useSignupSubmit(
    form,
    (values) =>
      userApi.emailSignup({
        email: normaliseEmail(values.email),
        code: values.code.trim(),
        username: values.username.trim(),
        passwd: values.passwd,
      }),
    onDone,
  );
  const { hint, onSent } = useCodeSentHint();
  const sendCode = emailCodeSender(form, 'signup', onSent);

  return (
    <Form<EmailSignupValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      data-testid="signup-form"
    >
      <Form.Item name="email" label={t('signup.form.email')} rules={rules.email}>
        <Input inputMode="email" autoComplete="email" placeholder={EXAMPLE_EMAIL} />
      </Form.Item>
      <Form.Item name="code" label={t('signup.form.emailCode')} rules={rules.emailCode} extra={hint}>
        <CodeInput onSend={sendCode} />
      </Form.Item>
      <Form.Item name="username" label={t('signup.form.username')} rules={rules.username}>
        <Input autoComplete="username" />
      </Form.Item>
      <NewPasswordField />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="signup-submit">
        {t('signup.form.submit')}
      </Button>
    </Form>
  );
}
