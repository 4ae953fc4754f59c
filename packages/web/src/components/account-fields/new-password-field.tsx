import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locale/en-US';
import { fieldRules } from './field-rules';
import { PasswordChecklist } from './password-checklist';

/** A new password with its rules and live checklist; the field is named `passwd` like the calls. */
export function NewPasswordField({ label = 'signup.form.password' }: { label?: MessageKey }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const password = (Form.useWatch('passwd', form) as string | undefined) ?? '';
  return (
    <Form.Item
      name="passwd"
      label={t(label)}
      rules={fieldRules(t).newPassword}
      extra={<PasswordChecklist password={password} />}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
