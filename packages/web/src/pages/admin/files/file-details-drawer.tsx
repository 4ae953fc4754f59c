import { Alert, Button, Drawer, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileDetails } from './use-file-details';
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
  const details = useFileDetails(fileId);
  return (
    <Drawer
      open={fileId !== null}
      onClose={onClose}
      title={t('adminContent.files.details.title')}
      size="large"
      destroyOnHidden
      extra={
        onEdit &&
        fileId && (
          <Button onClick={() => onEdit(fileId)} data-testid="file-details-edit">
            {t('adminContent.files.action.edit')}
          </Button>
        )
      }
      data-testid="file-details-drawer"
    >
      {details.isPending && <Skeleton active />}
      {details.isError && <Alert type="error" showIcon title={details.error.message} />}
      {details.data && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <FileDetails file={details.data.file} />
          {fileId && <FileDownloadHistory fileId={fileId} />}
        </Space>
      )}
    </Drawer>
  );
}
