import { AdminUserPasswordRequest } from '@rl/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/account-fields/account-fields.css';
import { NewPasswordField } from '../../../components/account-fields/new-password-field';
import { FormModal } from '../../../components/form-modal/form-modal';
import { adminUsersApi } from '../../../api/admin/users-api';
import type { UserDialogProps } from './user-dialog-props';

/**
 * Sets a new password for a user (their sessions end). The field shows the contract's password
 * rules as a checklist, and the request is checked against the contract before it is sent.
 */
export function UserPasswordModal({ user, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ passwd: string }>();
  // A failure leaves the dialog open: the console's failure handler has said why.
  const save = useMutation({
    mutationFn: (request: AdminUserPasswordRequest) => adminUsersApi.setPassword(request),
    onSuccess: onSaved,
  });

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = ({ passwd }: { passwd: string }) => {
    if (!user) return;
    const request = AdminUserPasswordRequest.safeParse({ user_id: user.id, passwd });
    if (request.success) save.mutate(request.data);
  };

  return (
    <FormModal
      open={user !== null}
      title={t('admin.users.password.title', { username: user?.username ?? '' })}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      forceRender
    >
      <Alert type="info" showIcon title={t('admin.users.password.note')} className="rl-admin-users__note" />
      <Form form={form} layout="vertical" onFinish={submit}>
        <NewPasswordField label="admin.users.password.new" />
      </Form>
    </FormModal>
  );
}
