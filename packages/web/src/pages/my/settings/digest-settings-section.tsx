import type { DigestFrequency, UserInfo } from '@rl/contract';
import { DIGEST_FREQUENCIES, PLANS } from '@rl/contract/constants';
import { Button, Card, Form, Radio, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/user-api';
import { useToast } from '../../../components/toast/toast-context';
import { useUserStore } from '../../../stores/user-store';
import { browserTimeZone, timeZoneNames } from './time-zones';

interface DigestValues {
  digest: DigestFrequency;
  time_zone: string;
}

/**
 * The e-mail digest of new reports on what the user follows: daily, weekly or off, in a time zone
 * (the browser's until one is saved). A frequency the plan does not send meets the plan's wall.
 */
export function DigestSettingsSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<DigestValues>();
  const [saving, setSaving] = useState(false);
  const { settings } = user;
  const initial: DigestValues = {
    digest: settings.digest,
    time_zone: settings.time_zone ?? browserTimeZone(),
  };
  const zones = useMemo(
    () => timeZoneNames(initial.time_zone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [initial.time_zone],
  );
  const planSends = PLANS[user.plan].digest_frequencies as readonly string[];

  const save = async (values: DigestValues) => {
    setSaving(true);
    try {
      // The language goes along: the server reads a request without one as English.
      const { settings: saved } = await userApi.saveSettings({
        language: settings.language,
        digest: values.digest,
        time_zone: values.time_zone,
      });
      useUserStore.getState().setSettings(saved);
      void toast.success(t('account.saved'));
    } catch {
      // The error catalogue already showed what went wrong (the plan's wall, with its plans).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('digest.section')} data-testid="digest-settings">
      <Typography.Paragraph type="secondary">{t('digest.intro')}</Typography.Paragraph>
      <Form<DigestValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        initialValues={initial}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="digest" label={t('digest.frequency')}>
          <Radio.Group
            options={DIGEST_FREQUENCIES.map((value) => ({
              value,
              label:
                value === 'off' || planSends.includes(value)
                  ? t(`digest.frequency.${value}`)
                  : t('digest.frequency.paidOnly', { frequency: t(`digest.frequency.${value}`) }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="time_zone"
          label={t('digest.timeZone')}
          extra={settings.time_zone === null ? t('digest.timeZone.notChosen') : undefined}
        >
          <Select
            showSearch
            style={{ maxWidth: 320 }}
            options={zones}
            aria-label={t('digest.timeZone')}
            data-testid="digest-time-zone"
          />
        </Form.Item>
        <Space>
          <Button onClick={() => form.resetFields()} data-testid="digest-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="digest-save">
            {t('common.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
