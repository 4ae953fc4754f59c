import type { AdminUser, AdminUserEditRequest } from '@rl/contract';
import { ROLES } from '@rl/contract/constants';
import { Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules } from '../../../components/account-fields/field-rules';
import { adminApi } from '../shared/admin-api';

interface EditValues {
  username: string;
  email: string;
  role: string[];
}

/** The fields that changed, as the edit call takes them (an emptied e-mail is null: removed). */
export function editChanges(user: AdminUser, values: EditValues): AdminUserEditRequest {
  const request: AdminUserEditRequest = { user_id: user.id };
  const username = values.username.trim();
  if (username !== user.username) request.username = username;
  const email = values.email.trim().toLowerCase();
  if (email !== (user.email ?? '')) request.email = email || null;
  const roles = [...values.role].sort();
  if (roles.join() !== [...user.role].sort().join()) request.role = roles as AdminUserEditRequest['role'];
  return request;
}

/** Edits a user's username, e-mail and roles; only the changed fields are sent. */
export function UserEditDrawer({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const rules = fieldRules(t);
  // The e-mail may be emptied (removed): its format rule without the required one.
  const emailFormat = rules.email.slice(1);

  useEffect(() => {
    if (user) form.setFieldsValue({ username: user.username, email: user.email ?? '', role: user.role });
  }, [user, form]);

  const save = async (values: EditValues) => {
    if (!user) return;
    const request = editChanges(user, values);
    if (Object.keys(request).length === 1) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await adminApi.editUser(request);
      onSaved();
    } catch {
      // The console's failure handler showed why; the drawer stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={t('admin.users.edit.title', { username: user?.username ?? '' })}
      size={420}
      forceRender
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="user-edit-save">
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form<EditValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="username" label={t('admin.users.column.username')} rules={rules.username}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('admin.users.column.email')}
          rules={emailFormat}
          extra={t('admin.users.edit.emailHint')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('admin.users.column.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('admin.users.edit.roleRequired') }]}
        >
          <Select
            mode="multiple"
            options={ROLES.map((role) => ({ value: role, label: t(`admin.users.role.${role}`) }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
