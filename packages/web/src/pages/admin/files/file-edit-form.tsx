import { ASSET_CLASSES, COUNTRIES, REPORT_LANGUAGES, REPORT_TYPES, VISIBILITIES } from '@rl/contract';
import { Checkbox, DatePicker, Form, Input, Radio, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CompaniesEditor } from '../../../components/research/companies-editor';
import {
  assetClassLabel,
  countryLabel,
  reportLanguageLabel,
  reportTypeLabel,
} from '../../../locale/catalogue-labels';
import type { FileEditValues } from './file-edit-values';

const DATE = 'YYYY-MM-DD';

interface FileEditFormProps {
  form: FormInstance<FileEditValues>;
  initialValues: FileEditValues;
  /** A user's upload: its research data is its uploader's claim until confirmed here. */
  uploaded: boolean;
  onSubmit(values: FileEditValues): void;
}

/**
 * The metadata of a file: title, issuer, authors, date, report type, asset class, country, tags,
 * language, the note's companies and sector, visibility. What is changed here is kept through later re-readings of the report.
 */
export function FileEditForm({ form, initialValues, uploaded, onSubmit }: FileEditFormProps) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('adminContent.files.edit.required') };
  return (
    <Form<FileEditValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      data-testid="file-edit-form"
    >
      <Form.Item name="title" label={t('adminContent.files.field.title')} rules={[required, { max: 300 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="issuer" label={t('adminContent.files.field.issuer')} rules={[required, { max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="authors" label={t('adminContent.files.field.authors')}>
        <Select mode="tags" open={false} tokenSeparators={[',']} suffixIcon={null} />
      </Form.Item>
      <Form.Item
        name="publish_date"
        label={t('adminContent.files.field.publishDate')}
        getValueProps={(value: string | null) => ({ value: value ? dayjs(value, DATE) : null })}
        normalize={(value: Dayjs | null) => (value ? value.format(DATE) : null)}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="report_type" label={t('adminContent.files.field.reportType')}>
        <Select options={REPORT_TYPES.map((value) => ({ value, label: reportTypeLabel(t, value) }))} />
      </Form.Item>
      <Form.Item name="asset_class" label={t('adminContent.files.field.assetClass')}>
        <Select
          allowClear
          options={ASSET_CLASSES.map((value) => ({ value, label: assetClassLabel(t, value) }))}
        />
      </Form.Item>
      <Form.Item name="country" label={t('adminContent.files.field.country')}>
        <Select allowClear options={COUNTRIES.map((value) => ({ value, label: countryLabel(t, value) }))} />
      </Form.Item>
      <Form.Item name="tags" label={t('adminContent.files.field.tags')}>
        <Select mode="tags" open={false} tokenSeparators={[',']} suffixIcon={null} />
      </Form.Item>
      <Form.Item name="language" label={t('adminContent.files.field.language')} rules={[{ required: true }]}>
        <Select
          options={REPORT_LANGUAGES.map((value) => ({ value, label: reportLanguageLabel(t, value) }))}
        />
      </Form.Item>
      <CompaniesEditor />
      <Form.Item name="visibility" label={t('adminContent.files.field.visibility')}>
        <Radio.Group
          optionType="button"
          options={VISIBILITIES.map((value) => ({
            value,
            label: t(`adminContent.files.visibility.${value}`),
          }))}
        />
      </Form.Item>
      {uploaded && (
        <Form.Item
          name="research_confirmed"
          valuePropName="checked"
          extra={t('adminContent.files.edit.researchConfirmedHelp')}
        >
          <Checkbox data-testid="research-confirmed">
            {t('adminContent.files.field.researchConfirmed')}
          </Checkbox>
        </Form.Item>
      )}
    </Form>
  );
}
