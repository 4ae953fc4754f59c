import type { AdminFileDetail } from '@rl/contract';
import { Alert, Drawer, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useFileDetails } from './use-file-details';

interface FileDrawerProps {
  /** The file shown; null: the drawer is closed. */
  fileId: string | null;
  onClose(): void;
  title: string;
  testId: string;
  extra?: ReactNode;
  /** What the drawer shows once the file's details are loaded. */
  children(file: AdminFileDetail): ReactNode;
}

/** A console drawer about one file: loads its details fresh, shows a skeleton or the error meanwhile. */
export function FileDrawer({ fileId, onClose, title, testId, extra, children }: FileDrawerProps) {
  const details = useFileDetails(fileId);
  return (
    <Drawer
      open={fileId !== null}
      onClose={onClose}
      title={title}
      size="large"
      destroyOnHidden
      extra={extra}
      data-testid={testId}
    >
      {details.isPending && <Skeleton active />}
      {details.isError && <Alert type="error" showIcon title={details.error.message} />}
      {details.data && children(details.data.file)}
    </Drawer>
  );
}
