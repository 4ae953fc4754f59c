import type { MyFile, MyFilesResponse } from '@rl/contract';
import { Card, Empty, Table, Typography, type TableProps } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';
import { FileStatusTag } from '../../../components/file-status-tag/file-status-tag';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { useViewport } from '../../../utils/use-viewport';
import { MyFileActions } from './my-file-actions';
import { MyFileEditModal } from './my-file-edit-modal';
import { CounterNoticeModal } from './counter-notice-modal';
import { TakedownNote } from './takedown-note';

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
      {/* Whole sentences: a reason cut short explains nothing. */}
      <Typography.Text type="danger" data-testid="myfile-fail-reason">
        {file.fail_reason || t('upload.status.noReason')}
      </Typography.Text>
      <Typography.Text type="secondary">{t('upload.failed.counts')}</Typography.Text>
    </>
  );
}

/** What a phone leaves out, so the name, the state and the actions fit its width. */
const WIDE_ONLY = new Set(['size', 'pages', 'date', 'visibility']);

/** My uploads with their state, size, pages, date and visibility, a page at a time. */
export function MyFilesTable({ data, loading, page, onPage, canPublish }: MyFilesTableProps) {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('upload.myFiles'));
  const format = useFormatters();
  const { phone } = useViewport();
  // One edit dialog for the table: the file whose Edit was clicked.
  const [editing, setEditing] = useState<MyFile | null>(null);
  // One takedown dialog too: the taken-down file whose counter-notice button was clicked.
  const [disputing, setDisputing] = useState<MyFile | null>(null);
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
          {/* A phone's name column is narrow: there the note takes a row of its own (below). */}
          {file.takedown && !phone && <TakedownNote takedown={file.takedown} />}
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
        t(
          file.takedown
            ? 'upload.visibility.withheld'
            : file.visibility === 'public'
              ? 'upload.visibility.public'
              : 'upload.visibility.private',
        ),
    },
    {
      key: 'actions',
      title: t('upload.column.actions'),
      width: phone ? 130 : 260,
      render: (_, file) => (
        <MyFileActions
          file={file}
          canPublish={canPublish}
          onEdit={() => setEditing(file)}
          onTakedown={() => setDisputing(file)}
        />
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
          scroll={phone ? undefined : { x: 900 }}
          loading={loading}
          columns={phone ? columns.filter((column) => !WIDE_ONLY.has(String(column.key))) : columns}
          dataSource={data?.file_list ?? []}
          locale={{ emptyText: t('upload.myFiles.empty') }}
          expandable={
            phone
              ? {
                  expandedRowRender: (file) => file.takedown && <TakedownNote takedown={file.takedown} />,
                  rowExpandable: (file) => file.takedown !== null,
                  expandedRowKeys: (data?.file_list ?? []).filter((f) => f.takedown).map((f) => f.id),
                  showExpandColumn: false,
                }
              : undefined
          }
          onRow={(file) =>
            ({
              'data-testid': 'myfile-row',
              'data-status': file.status,
              'data-taken-down': file.takedown ? 'true' : undefined,
            }) as HTMLAttributes<HTMLElement>
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
      <CounterNoticeModal
        file={disputing && (data?.file_list.find((f) => f.id === disputing.id) ?? disputing)}
        onClose={() => setDisputing(null)}
      />
    </Card>
  );
}
