import { MY_FILE_TITLE_MAX, type MyFile } from '@rl/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal/form-modal';
import { useEditMyFile } from './use-my-file-actions';

const DATE = 'YYYY-MM-DD';

interface EditValues {
  document_title: string;
  /** YYYY-MM-DD, or null: no date. */
  publish_date: string | null;
}

interface MyFileEditModalProps {
  /** The file being edited; null: the dialog is closed. */
  file: MyFile | null;
  onClose(): void;
}

/** Corrects the title and publish date read from an upload's first page. */
export function MyFileEditModal({ file, onClose }: MyFileEditModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const save = useEditMyFile(onClose);

  useEffect(() => {
    if (file) form.setFieldsValue({ document_title: file.title, publish_date: file.publish_date });
  }, [file, form]);

  const submit = (values: EditValues) => {
    if (!file) return;
    save.mutate({
      file_id: file.id,
      document_title: values.document_title.trim(),
      publish_date: values.publish_date ?? null,
    });
  };

  return (
    <FormModal
      open={file !== null}
      title={t('upload.edit.title')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      forceRender
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
      </Form>
    </FormModal>
  );
}
