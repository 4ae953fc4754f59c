import type { AdminLevelChangeRequest } from '@rl/contract';
import { PLAN_IDS, type PlanId } from '@rl/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal/form-modal';
import { adminUsersApi } from '../../../api/admin/users-api';
import type { UserDialogProps } from './user-dialog-props';
import { useLevelName } from './user-tags';

interface LevelValues {
  user_level: PlanId;
  noEnd: boolean;
  expires?: Dayjs | null;
}

/** Changes a user's plan level and when it ends (a date and time, or no end). */
export function UserLevelModal({ user, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const [form] = Form.useForm<LevelValues>();
  const noEnd = Form.useWatch('noEnd', form) as boolean | undefined;
  // A failure leaves the dialog open: the console's failure handler has said why.
  const save = useMutation({
    mutationFn: (request: AdminLevelChangeRequest) => adminUsersApi.changeLevel(request),
    onSuccess: onSaved,
  });

  useEffect(() => {
    if (!user) return;
    const level = (PLAN_IDS as readonly string[]).includes(user.user_level)
      ? (user.user_level as PlanId)
      : 'trial';
    form.setFieldsValue({
      user_level: level,
      noEnd: !user.user_level_expire_time,
      expires: user.user_level_expire_time ? dayjs(user.user_level_expire_time) : null,
    });
  }, [user, form]);

  const submit = (values: LevelValues) => {
    if (!user) return;
    save.mutate({
      user_id: user.id,
      user_level: values.user_level,
      user_level_expire_time: values.noEnd || !values.expires ? null : values.expires.toDate().toISOString(),
    });
  };

  return (
    <FormModal
      open={user !== null}
      title={t('admin.users.level.title', { username: user?.username ?? '' })}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      forceRender
    >
      <Form<LevelValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="user_level" label={t('admin.users.column.level')} rules={[{ required: true }]}>
          <Select
            options={PLAN_IDS.map((id) => ({ value: id, label: levelName(id) }))}
            data-testid="user-level-select"
          />
        </Form.Item>
        <Form.Item name="noEnd" valuePropName="checked">
          <Checkbox>{t('admin.users.level.noEnd')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="expires"
          label={t('admin.users.level.expires')}
          hidden={noEnd}
          rules={[{ required: !noEnd, message: t('admin.users.level.expiresRequired') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
