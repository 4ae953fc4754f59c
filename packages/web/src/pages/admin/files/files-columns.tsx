import type { AdminFile } from '@rl/contract';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileDmcaCell } from './file-dmca-cell';
import { FileRowActions, type FileRowHandlers } from './file-row-actions';
import { FileStatusTag } from '../../../components/file-status-tag/file-status-tag';
import { useAdminFormat } from '../shared/admin-format';
import { useViewport } from '../../../utils/use-viewport';

type SortOrderOf = (field: string) => 'ascend' | 'descend' | null;

/** The files table's columns; the sortable ones follow the table's (server-side) sort. */
export function useFileColumns(sortOrderOf: SortOrderOf, handlers: FileRowHandlers) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  // A phone shows the title column alone: a takedown is written out under the title there.
  const { phone } = useViewport();
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });
  const columns: TableColumnsType<AdminFile> = [
    {
      ...sortable('title'),
      title: t('adminContent.files.column.title'),
      width: 260,
      fixed: 'left',
      render: (_, file) => (
        <div className="rl-admin-file-title">
          <Typography.Link strong ellipsis onClick={() => handlers.onDetails(file)}>
            {file.title || file.file_name}
          </Typography.Link>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: file.file_name }}
            style={{ display: 'block' }}
          >
            {file.file_name}
          </Typography.Text>
          {phone && file.taken_down_time && <FileDmcaCell file={file} detailed />}
        </div>
      ),
    },
    {
      key: 'issuer',
      title: t('adminContent.files.column.issuer'),
      width: 160,
      ellipsis: true,
      dataIndex: 'issuer',
    },
    {
      key: 'status',
      title: t('adminContent.files.column.status'),
      width: 120,
      render: (_, file) => <FileStatusTag file={file} />,
    },
    {
      key: 'visibility',
      title: t('adminContent.files.column.visibility'),
      width: 100,
      render: (_, file) => (
        <Tag color={file.visibility === 'public' ? 'blue' : 'default'}>
          {t(`adminContent.files.visibility.${file.visibility}`)}
        </Tag>
      ),
    },
    {
      key: 'owner',
      title: t('adminContent.files.column.owner'),
      width: 140,
      ellipsis: true,
      render: (_, file) => file.owner_username ?? file.owner_id ?? t('adminContent.files.owner.library'),
    },
    {
      ...sortable('size_bytes'),
      title: t('adminContent.files.column.size'),
      width: 100,
      render: (_, file) => format.size(file.size_bytes),
    },
    {
      key: 'pages',
      title: t('adminContent.files.column.pages'),
      width: 80,
      render: (_, file) => (file.status === 'ready' ? format.number(file.page_count) : '–'),
    },
    {
      ...sortable('views'),
      title: t('adminContent.files.column.views'),
      width: 90,
      render: (_, file) => format.number(file.views),
    },
    {
      ...sortable('publish_date'),
      title: t('adminContent.files.column.publishDate'),
      width: 130,
      render: (_, file) => format.date(file.publish_date),
    },
    {
      ...sortable('upload_time'),
      title: t('adminContent.files.column.uploaded'),
      width: 170,
      render: (_, file) => format.dateTime(file.upload_time),
    },
    {
      key: 'dmca',
      title: t('adminContent.files.column.dmca'),
      width: 130,
      render: (_, file) => <FileDmcaCell file={file} />,
    },
    {
      key: 'actions',
      title: t('admin.table.actions'),
      width: 250,
      fixed: 'right',
      render: (_, file) => <FileRowActions file={file} handlers={handlers} />,
    },
  ];
  return columns;
}
