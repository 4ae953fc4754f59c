import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileDrawer } from './file-drawer';
import { FileDetails } from './file-details';
import { FileDownloadHistory } from './file-download-history';

interface FileDetailsDrawerProps {
  /** The file shown; null: the drawer is closed. */
  fileId: string | null;
  onClose(): void;
  onEdit?(fileId: string): void;
}

/** A file's details and its download history. */
export function FileDetailsDrawer({ fileId, onClose, onEdit }: FileDetailsDrawerProps) {
  const { t } = useTranslation();
  return (
    <FileDrawer
      fileId={fileId}
      onClose={onClose}
      title={t('adminContent.files.details.title')}
      testId="file-details-drawer"
      extra={
        onEdit &&
        fileId && (
          <Button onClick={() => onEdit(fileId)} data-testid="file-details-edit">
            {t('adminContent.files.action.edit')}
          </Button>
        )
      }
    >
      {(file) => (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <FileDetails file={file} />
          <FileDownloadHistory fileId={file.id} />
        </Space>
      )}
    </FileDrawer>
  );
}
