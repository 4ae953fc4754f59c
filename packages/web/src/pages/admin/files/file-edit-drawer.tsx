import type { AdminFileDetail } from '@rl/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileDrawer } from './file-drawer';
import { adminFilesApi } from '../../../api/admin/files-api';
import { FileEditForm } from './file-edit-form';
import { changedFields, editValuesOf, type FileEditChanges, type FileEditValues } from './file-edit-values';
import { useRefreshFiles } from './use-file-actions';

interface FileEditDrawerProps {
  /** The file edited; null: the drawer is closed. */
  fileId: string | null;
  onClose(): void;
}

/** Edits a file's metadata; only the fields the administrator changed are sent. */
export function FileEditDrawer({ fileId, onClose }: FileEditDrawerProps) {
  const { t } = useTranslation();
  return (
    <FileDrawer
      fileId={fileId}
      onClose={onClose}
      title={t('adminContent.files.edit.title')}
      testId="file-edit-drawer"
    >
      {(file) => <FileEditBody key={file.id} file={file} onDone={onClose} />}
    </FileDrawer>
  );
}

function FileEditBody({ file, onDone }: { file: AdminFileDetail; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FileEditValues>();
  const refresh = useRefreshFiles();
  const save = useMutation({
    mutationFn: (changes: FileEditChanges) =>
      adminFilesApi.edit({ file_id: file.id, ...changes }, { hideErrorMessage: true }),
    onSuccess: async () => {
      void message.success(t('adminContent.files.edit.saved'));
      onDone();
      await refresh();
    },
  });
  const submit = (values: FileEditValues) => {
    const changes = changedFields(file, values);
    if (Object.keys(changes).length === 0) {
      void message.info(t('adminContent.files.edit.unchanged'));
      onDone();
      return;
    }
    save.mutate(changes);
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {save.isError && (
        <Alert type="error" showIcon title={save.error.message} data-testid="file-edit-error" />
      )}
      <FileEditForm
        form={form}
        initialValues={editValuesOf(file)}
        uploaded={file.owner_id !== null}
        onSubmit={submit}
      />
      <Space>
        <Button onClick={onDone}>{t('adminContent.action.cancel')}</Button>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="file-edit-save"
        >
          {t('adminContent.action.save')}
        </Button>
      </Space>
    </Space>
  );
}
