import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../api/account-api';
import { fieldRules } from '../../../components/account-fields/field-rules';
import { NewPasswordField } from '../../../components/account-fields/new-password-field';
import { useAdminSessionStore } from '../../../stores/admin-session-store';
import { AccountDialog } from './account-dialog';

interface Values {
  old_passwd: string;
  passwd: string;
}

/**
 * Changes the password; the server then ends every other session of the account, console ones
 * included, so this browser's console token is dropped too (the console asks for a login).
 */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <AccountDialog<Values>
      title={t('account.password.change')}
      form={form}
      onClose={onClose}
      onSubmit={async (values) => {
        await accountApi.changePassword(
          { old_passwd: values.old_passwd, passwd: values.passwd },
          { catalogue: false },
        );
        useAdminSessionStore.getState().clearSession();
      }}
      doneMessage={t('account.password.done')}
      testId="change-password-dialog"
    >
      <Form.Item name="old_passwd" label={t('account.password.old')} rules={fieldRules(t).password}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordField label="account.password.new" />
    </AccountDialog>
  );
}
