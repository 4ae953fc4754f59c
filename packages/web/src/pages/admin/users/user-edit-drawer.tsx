import type { AdminUser, AdminUserEditRequest } from '@rl/contract';
import { ROLES } from '@rl/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules } from '../../../components/account-fields/field-rules';
import { adminUsersApi } from '../../../api/admin/users-api';
import type { UserDialogProps } from './user-dialog-props';

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
export function UserEditDrawer({ user, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  // A failure leaves the drawer open: the console's failure handler has said why.
  const save = useMutation({
    mutationFn: (request: AdminUserEditRequest) => adminUsersApi.edit(request),
    onSuccess: onSaved,
  });
  const rules = fieldRules(t);
  // The e-mail may be emptied (removed): its format rule without the required one.
  const emailFormat = rules.email.slice(1);

  useEffect(() => {
    if (user) form.setFieldsValue({ username: user.username, email: user.email ?? '', role: user.role });
  }, [user, form]);

  const submit = (values: EditValues) => {
    if (!user) return;
    const request = editChanges(user, values);
    if (Object.keys(request).length === 1) onClose();
    else save.mutate(request);
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
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="user-edit-save"
          >
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form<EditValues> form={form} layout="vertical" onFinish={submit}>
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
