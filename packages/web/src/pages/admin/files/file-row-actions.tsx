import type { AdminFile } from '@rl/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteFile, useDownloadFile } from './use-file-actions';

export interface FileRowHandlers {
  onDetails(file: AdminFile): void;
  onEdit(file: AdminFile): void;
}

/** Details, edit, download and delete (after a confirmation) of one file. */
export function FileRowActions({ file, handlers }: { file: AdminFile; handlers: FileRowHandlers }) {
  const { t } = useTranslation();
  const download = useDownloadFile();
  const remove = useDeleteFile();
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => handlers.onDetails(file)} data-testid="file-details">
        {t('adminContent.files.action.details')}
      </Button>
      <Button type="link" size="small" onClick={() => handlers.onEdit(file)} data-testid="file-edit">
        {t('adminContent.files.action.edit')}
      </Button>
      <Button
        type="link"
        size="small"
        loading={download.isPending}
        onClick={() => download.mutate(file.id)}
        data-testid="file-download"
      >
        {t('adminContent.files.action.download')}
      </Button>
      <Button type="link" size="small" danger onClick={() => void remove(file)} data-testid="file-delete">
        {t('adminContent.files.action.delete')}
      </Button>
    </Space>
  );
}
