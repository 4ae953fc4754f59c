import type { MyFile, MyFilesResponse } from '@rl/contract';
import { Card, Empty, Table, Typography, type TableProps } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';
import { FileStatusTag } from '../../../components/file-status-tag/file-status-tag';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { MyFileActions } from './my-file-actions';
import { MyFileEditModal } from './my-file-edit-modal';

interface MyFilesTableProps {
  data: MyFilesResponse | undefined;
  loading: boolean;
  page: number;
  onPage(page: number): void;
  canPublish: boolean;
}

/**
 * Why an upload failed, and that it still counts against the plan (its bytes are kept) until
 * it is deleted with the row's delete button.
 */
function FailedNote({ file }: { file: MyFile }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text type="danger" ellipsis={{ tooltip: true }} data-testid="myfile-fail-reason">
        {file.fail_reason || t('upload.status.noReason')}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: true }}>
        {t('upload.failed.counts')}
      </Typography.Text>
    </>
  );
}

/** My uploads with their state, size, pages, date and visibility, a page at a time. */
export function MyFilesTable({ data, loading, page, onPage, canPublish }: MyFilesTableProps) {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('upload.myFiles'));
  const format = useFormatters();
  // One edit dialog for the table: the file whose Edit was clicked.
  const [editing, setEditing] = useState<MyFile | null>(null);
  // Fixed widths for the short columns; the name takes the rest.
  const columns: TableProps<MyFile>['columns'] = [
    {
      key: 'name',
      title: t('upload.column.name'),
      render: (_, file) => (
        <div className="rl-myfile-name">
          <Typography.Text strong ellipsis={{ tooltip: true }}>
            {file.title || file.file_name}
          </Typography.Text>
          {file.title && file.title !== file.file_name && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: true }}>
              {file.file_name}
            </Typography.Text>
          )}
          {file.status === 'failed' && <FailedNote file={file} />}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('upload.column.status'),
      width: 120,
      render: (_, file) => <FileStatusTag file={file} />,
    },
    {
      key: 'size',
      title: t('upload.column.size'),
      width: 100,
      render: (_, file) => format.size(file.size_bytes),
    },
    {
      key: 'pages',
      title: t('upload.column.pages'),
      width: 80,
      render: (_, file) => (file.status === 'ready' ? format.number(file.page_count) : '–'),
    },
    {
      key: 'date',
      title: t('upload.column.date'),
      width: 110,
      render: (_, file) => format.date(file.upload_time),
    },
    {
      key: 'visibility',
      title: t('upload.column.visibility'),
      width: 100,
      render: (_, file) =>
        t(file.visibility === 'public' ? 'upload.visibility.public' : 'upload.visibility.private'),
    },
    {
      key: 'actions',
      title: t('upload.column.actions'),
      width: 260,
      render: (_, file) => (
        <MyFileActions file={file} canPublish={canPublish} onEdit={() => setEditing(file)} />
      ),
    },
  ];
  // No uploads: the words alone. An empty table wider than a phone would be a scrolling region
  // with nothing a keyboard can reach in it.
  const none = !loading && data?.total_items === 0;
  return (
    <Card title={t('upload.myFiles')} className="rl-myfiles" data-testid="myfiles">
      {none ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('upload.myFiles.empty')}
          data-testid="myfiles-empty"
        />
      ) : (
        <Table<MyFile>
          ref={tableRef}
          rowKey="id"
          size="middle"
          tableLayout="fixed"
          scroll={{ x: 900 }}
          loading={loading}
          columns={columns}
          dataSource={data?.file_list ?? []}
          locale={{ emptyText: t('upload.myFiles.empty') }}
          onRow={(file) =>
            ({ 'data-testid': 'myfile-row', 'data-status': file.status }) as HTMLAttributes<HTMLElement>
          }
          pagination={{
            current: page,
            pageSize: data?.page_length,
            total: data?.total_items ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: onPage,
          }}
        />
      )}
      <MyFileEditModal file={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
