import type { MyFile } from '@rl/contract';
import { Button, Popconfirm, Space, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../router/route-meta';
import { PARAM } from '../../../stores/search-criteria';
import { useDeleteMyFile, usePublishMyFile } from './use-my-file-actions';

interface MyFileActionsProps {
  file: MyFile;
  /** The plan lets the user publish uploads to the library. */
  canPublish: boolean;
  /** Opens the dialog that corrects the file's title and publish date. */
  onEdit(): void;
  /** Opens the dialog of a taken-down file: its complaints and the counter-notice form. */
  onTakedown(): void;
}

/**
 * Open (ready files), edit the title and date (once processed), publish or unpublish (paid plan)
 * and delete (after a confirmation). A taken-down file is served nowhere: it offers only the
 * counter-notice (or the takedown's details once one is pending) and delete.
 */
export function MyFileActions({ file, canPublish, onEdit, onTakedown }: MyFileActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteMyFile();
  const publish = usePublishMyFile();
  const ready = file.status === 'ready';
  const published = file.visibility === 'public';
  // Taking a file back stays possible after a paid plan ended.
  const publishBlock =
    !canPublish && !published
      ? t('upload.publish.paidOnly')
      : !ready && !published
        ? t('upload.publish.readyOnly')
        : null;
  const name = file.title || file.file_name;
  const deleteButton = (
    <Popconfirm
      title={t('upload.delete.confirm', { name })}
      okText={t('upload.delete')}
      okButtonProps={{ danger: true, 'data-testid': 'myfile-delete-confirm' } as ButtonProps}
      onConfirm={() => remove.mutate(file.id)}
    >
      <Button type="link" size="small" danger loading={remove.isPending} data-testid="myfile-delete">
        {t('upload.delete')}
      </Button>
    </Popconfirm>
  );

  if (file.takedown) {
    const canCounter = file.takedown.complaints.some((c) => c.can_counter);
    return (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={onTakedown} data-testid="myfile-counter">
          {t(canCounter ? 'upload.counter.open' : 'upload.takedown.details')}
        </Button>
        {deleteButton}
      </Space>
    );
  }

  return (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        disabled={!ready}
        onClick={() => void navigate(`${PATHS.file}?${PARAM.file}=${encodeURIComponent(file.id)}`)}
        data-testid="myfile-open"
      >
        {t('upload.open')}
      </Button>
      {/* While processing, the ingestion is still writing the title and date. */}
      <Tooltip title={file.status === 'processing' ? t('upload.edit.processing') : null}>
        <Button
          type="link"
          size="small"
          disabled={file.status === 'processing'}
          onClick={onEdit}
          data-testid="myfile-edit"
        >
          {t('upload.edit')}
        </Button>
      </Tooltip>
      <Tooltip title={publishBlock}>
        {/* Publishing shows the file to every user: it is confirmed first; taking it back is not. */}
        <Popconfirm
          title={t('upload.publish.confirm', { name })}
          okText={t('upload.publish')}
          okButtonProps={{ 'data-testid': 'myfile-publish-confirm' } as ButtonProps}
          disabled={published || publishBlock !== null}
          onConfirm={() => publish.mutate({ fileId: file.id, publish: true })}
        >
          <Button
            type="link"
            size="small"
            disabled={publishBlock !== null}
            loading={publish.isPending}
            onClick={published ? () => publish.mutate({ fileId: file.id, publish: false }) : undefined}
            data-testid="myfile-publish"
          >
            {t(published ? 'upload.unpublish' : 'upload.publish')}
          </Button>
        </Popconfirm>
      </Tooltip>
      {deleteButton}
    </Space>
  );
}
