import type { UserSettings } from '@rl/contract';
import { DATE_FORMATS, MEASUREMENT_UNITS, SEARCH_PREFERENCES, USER_LANGUAGES } from '@rl/contract/constants';
import { Button, Card, Form, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/user-api';
import { useToast } from '../../../components/toast/toast-context';
import { localeOfServerLanguage } from '../../../config/locales';
import { applyInterfaceLocale } from '../../../locale/switch-locale';
import { useUserStore } from '../../../stores/user-store';
import { formatDate } from '../../../utils/format';

type WebsiteValues = Pick<
  UserSettings,
  'language' | 'search_preference' | 'date_format' | 'measurement_unit'
>;

const SAMPLE_DATE = '2025-03-14';

/** Language, search preference, date format and measurement unit; Cancel restores, Save stores. */
export function WebsiteSettingsSection({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<WebsiteValues>();
  const [saving, setSaving] = useState(false);
  const { show_summary: showSummary, language, search_preference, date_format, measurement_unit } = settings;
  // The digest has a section of its own: this form neither shows nor sends it.
  const initial: WebsiteValues = { language, search_preference, date_format, measurement_unit };

  const save = async (values: WebsiteValues) => {
    setSaving(true);
    try {
      const { settings: saved } = await userApi.saveSettings({
        language: values.language,
        search_preference: values.search_preference,
        date_format: values.date_format,
        measurement_unit: values.measurement_unit,
        show_summary: showSummary,
      });
      useUserStore.getState().setSettings(saved);
      await applyInterfaceLocale(localeOfServerLanguage(saved.language));
      void toast.success(t('account.saved'));
    } catch {
      // The error catalogue already showed what went wrong.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('account.section.website')} data-testid="website-settings">
      <Form<WebsiteValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        initialValues={initial}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="language" label={t('account.language')}>
          <Select
            style={{ maxWidth: 240 }}
            options={USER_LANGUAGES.map((language) => ({
              value: language,
              label: t(`navbar.language.${localeOfServerLanguage(language)}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="search_preference" label={t('account.searchPreference')}>
          <Radio.Group
            options={SEARCH_PREFERENCES.map((value) => ({
              value,
              label: t(`account.searchPreference.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="date_format" label={t('account.dateFormat')}>
          <Select
            style={{ maxWidth: 240 }}
            options={DATE_FORMATS.map((format) => ({
              value: format,
              label: `${format} (${formatDate(SAMPLE_DATE, 'en-US', format) ?? ''})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="measurement_unit" label={t('account.unit')}>
          <Radio.Group
            options={MEASUREMENT_UNITS.map((value) => ({ value, label: t(`account.unit.${value}`) }))}
          />
        </Form.Item>
        <Space>
          <Button onClick={() => form.resetFields()} data-testid="settings-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
