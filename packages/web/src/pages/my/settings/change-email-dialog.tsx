import { normaliseEmail } from '@rl/contract/constants';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../api/account-api';
import { emailCodeSender } from '../../../components/account-fields/code-senders';
import { CodeInput } from '../../../components/account-fields/code-input';
import { EXAMPLE_EMAIL, fieldRules } from '../../../components/account-fields/field-rules';
import { useUserStore } from '../../../stores/user-store';
import { AccountDialog } from './account-dialog';

interface Values {
  email: string;
  code: string;
}

/** Replaces the e-mail: a code goes to the new address, and the change needs it. */
export function ChangeEmailDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = fieldRules(t);
  const sendCode = emailCodeSender(form, 'change_email');
  const save = async (values: Values) => {
    const { user_info: user } = await accountApi.changeEmail(
      {
        email: normaliseEmail(values.email),
        code: values.code.trim(),
      },
      { catalogue: false },
    );
    useUserStore.getState().setUser(user);
  };
  return (
    <AccountDialog<Values>
      title={t('account.email.replace')}
      form={form}
      onClose={onClose}
      onSubmit={save}
      doneMessage={t('account.email.done')}
      testId="change-email-dialog"
    >
      <Form.Item name="email" label={t('account.email.new')} rules={rules.email}>
        <Input inputMode="email" autoComplete="email" placeholder={EXAMPLE_EMAIL} />
      </Form.Item>
      <Form.Item name="code" label={t('account.code')} rules={rules.emailCode}>
        <CodeInput onSend={sendCode} />
      </Form.Item>
    </AccountDialog>
  );
}
