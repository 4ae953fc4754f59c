import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordField } from '../account-fields/new-password-field';
import { useSignupSubmit, type SignedUp } from './use-signup-submit';

/**
 * The frame both signup forms share: their own fields, then the new password and Submit, which
 * sends `call` (errors on their field or in a toast, see useSignupSubmit).
 */
export function SignupFormFrame<Values>({
  form,
  call,
  onDone,
  children,
}: {
  form: FormInstance<Values>;
  call: (values: Values) => Promise<SignedUp>;
  onDone(username: string): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { submitting, submit } = useSignupSubmit(form, call, onDone);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      data-testid="signup-form"
    >
      {children}
      <NewPasswordField />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="signup-submit">
        {t('signup.form.submit')}
      </Button>
    </Form>
  );
}
