import type { AdminUser } from '@rl/contract';
import { PLAN_IDS, type PlanId } from '@rl/contract/constants';
import { Checkbox, DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../shared/admin-api';
import { useLevelName } from './user-tags';

interface LevelValues {
  user_level: PlanId;
  noEnd: boolean;
  expires?: Dayjs | null;
}

/** Changes a user's plan level and when it ends (a date and time, or no end). */
export function UserLevelModal({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const [form] = Form.useForm<LevelValues>();
  const noEnd = Form.useWatch('noEnd', form) as boolean | undefined;
  const [saving, setSaving] = useState(false);

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

  const save = async (values: LevelValues) => {
    if (!user) return;
    setSaving(true);
    try {
      await adminApi.changeLevel({
        user_id: user.id,
        user_level: values.user_level,
        user_level_expire_time:
          values.noEnd || !values.expires ? null : values.expires.toDate().toISOString(),
      });
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
      title={t('admin.users.level.title', { username: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      forceRender
    >
      <Form<LevelValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
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
    </Modal>
  );
}
