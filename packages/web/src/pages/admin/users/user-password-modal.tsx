import { AdminUserPasswordRequest, type AdminUser } from '@rl/contract';
import { Alert, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/account-fields/account-fields.css';
import { NewPasswordField } from '../../../components/account-fields/new-password-field';
import { adminApi } from '../shared/admin-api';

/**
 * Sets a new password for a user (their sessions end). The field shows the contract's password
 * rules as a checklist, and the request is checked against the contract before it is sent.
 */
export function UserPasswordModal({
  user,
  onClose,
  onSaved,
}: {
  user: { id: AdminUser['id']; username: string } | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ passwd: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const save = async ({ passwd }: { passwd: string }) => {
    if (!user) return;
    const request = AdminUserPasswordRequest.safeParse({ user_id: user.id, passwd });
    if (!request.success) return;
    setSaving(true);
    try {
      await adminApi.setPassword(request.data);
      onSaved();
    } catch {
      // The console's failure handler showed why; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('admin.users.password.title', { username: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      forceRender
    >
      <Alert type="info" showIcon title={t('admin.users.password.note')} className="rl-admin-users__note" />
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <NewPasswordField label="admin.users.password.new" />
      </Form>
    </Modal>
  );
}
