import {
  ISSUER_NAME_MAX,
  MY_FILE_TITLE_MAX,
  REPORT_TYPES,
  type MyFile,
  type MyFileEditRequest,
} from '@rl/contract';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal/form-modal';
import { CompaniesEditor } from '../../../components/research/companies-editor';
import {
  researchChanges,
  researchValuesOf,
  type ResearchValues,
} from '../../../components/research/company-corrections';
import { reportTypeLabel } from '../../../locale/catalogue-labels';
import { useEditMyFile } from './use-my-file-actions';

const DATE = 'YYYY-MM-DD';

interface EditValues extends ResearchValues {
  document_title: string;
  /** YYYY-MM-DD, or null: no date. */
  publish_date: string | null;
  issuer: string;
  authors: string[];
  report_type: MyFile['report_type'];
  tags: string[];
}

interface MyFileEditModalProps {
  /** The file being edited; null: the dialog is closed. */
  file: MyFile | null;
  onClose(): void;
}

/** A list as the server stores it: trimmed entries, no blanks, no repeats. */
const cleanList = (values: readonly string[] | undefined) => [
  ...new Set((values ?? []).map((value) => value.trim()).filter(Boolean)),
];
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The correction sent: title and date as always, and the issuer, analysts, report type, tags,
 * companies and sector only when changed (the server keeps each corrected field through later
 * re-readings).
 */
export function editRequestOf(file: MyFile, values: EditValues): MyFileEditRequest {
  const request: MyFileEditRequest = {
    file_id: file.id,
    document_title: values.document_title.trim(),
    publish_date: values.publish_date ?? null,
  };
  const issuer = values.issuer.trim();
  if (issuer && issuer !== file.issuer) request.issuer = issuer;
  const authors = cleanList(values.authors);
  if (!sameList(authors, file.authors)) request.authors = authors;
  if (values.report_type !== file.report_type) request.report_type = values.report_type;
  const tags = cleanList(values.tags);
  if (!sameList(tags, file.tags)) request.tags = tags;
  return { ...request, ...researchChanges(file, values) };
}

/**
 * Corrects what the reading read of an upload: title, date, issuer, analysts, report type, tags,
 * and the note's companies and sector.
 */
export function MyFileEditModal({ file, onClose }: MyFileEditModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const save = useEditMyFile(onClose);

  useEffect(() => {
    if (file)
      form.setFieldsValue({
        document_title: file.title,
        publish_date: file.publish_date,
        issuer: file.issuer,
        authors: file.authors,
        report_type: file.report_type,
        tags: file.tags,
        ...researchValuesOf(file),
      });
  }, [file, form]);

  const submit = (values: EditValues) => {
    if (file) save.mutate(editRequestOf(file, values));
  };

  return (
    <FormModal
      open={file !== null}
      title={t('upload.edit.title')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      forceRender
      width={760}
    >
      <Form<EditValues> form={form} layout="vertical" onFinish={submit} data-testid="myfile-edit-form">
        <Form.Item
          name="document_title"
          label={t('upload.edit.documentTitle')}
          rules={[
            { required: true, whitespace: true, message: t('upload.edit.titleRequired') },
            { max: MY_FILE_TITLE_MAX, message: t('upload.edit.titleTooLong', { max: MY_FILE_TITLE_MAX }) },
          ]}
        >
          <Input data-testid="myfile-edit-title" />
        </Form.Item>
        <Form.Item
          name="publish_date"
          label={t('upload.edit.publishDate')}
          getValueProps={(value: string | null) => ({ value: value ? dayjs(value, DATE) : null })}
          normalize={(value: Dayjs | null) => (value ? value.format(DATE) : null)}
        >
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            data-testid="myfile-edit-date"
          />
        </Form.Item>
        <Form.Item name="issuer" label={t('upload.edit.issuer')} rules={[{ max: ISSUER_NAME_MAX }]}>
          <Input data-testid="myfile-edit-issuer" />
        </Form.Item>
        <Form.Item name="authors" label={t('upload.edit.authors')}>
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',']}
            suffixIcon={null}
            data-testid="myfile-edit-authors"
          />
        </Form.Item>
        <Form.Item name="report_type" label={t('upload.edit.reportType')}>
          <Select
            options={REPORT_TYPES.map((value) => ({ value, label: reportTypeLabel(t, value) }))}
            data-testid="myfile-edit-type"
          />
        </Form.Item>
        <Form.Item name="tags" label={t('upload.edit.tags')}>
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',']}
            suffixIcon={null}
            data-testid="myfile-edit-tags"
          />
        </Form.Item>
        <CompaniesEditor />
        <Typography.Text type="secondary">{t('upload.edit.kept')}</Typography.Text>
      </Form>
    </FormModal>
  );
}
