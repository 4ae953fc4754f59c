import type { AdminFileDownloadHistoryResponse, AdminFileDownloadRecord } from '@rl/contract';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { useAdminTable } from '../shared/use-admin-table';
import { adminFileKeys, adminFilesApi } from '../../../api/admin/files-api';

const HISTORY_PAGE_SIZE = 10;

/** Who downloaded the file, newest first, a page at a time (inside the details drawer). */
export function FileDownloadHistory({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const table = useAdminTable<AdminFileDownloadRecord, AdminFileDownloadHistoryResponse>({
    queryKeys: {
      lists: adminFileKeys.downloadHistories(fileId),
      list: (request) => adminFileKeys.downloadHistory(fileId, request),
    },
    urlState: false,
    pageSize: HISTORY_PAGE_SIZE,
    fetchPage: ({ page_id, page_length }, signal) =>
      adminFilesApi.downloadHistory({ file_id: fileId, page_id, page_length }, { signal }),
    rowsOf: (answer) => answer.items,
    rowKey: (record) => `${record.user_id}|${record.downloaded_time}|${record.ip}`,
  });
  const columns: TableColumnsType<AdminFileDownloadRecord> = [
    {
      key: 'time',
      title: t('adminContent.files.history.time'),
      render: (_, record) => format.dateTime(record.downloaded_time),
    },
    { key: 'user', title: t('adminContent.files.history.user'), dataIndex: 'username' },
    { key: 'ip', title: t('adminContent.files.history.ip'), dataIndex: 'ip' },
  ];
  return (
    <section data-testid="file-download-history">
      <Typography.Title level={5}>{t('adminContent.files.history.title')}</Typography.Title>
      <Table<AdminFileDownloadRecord>
        {...table.tableProps}
        size="small"
        columns={columns}
        locale={{ emptyText: t('adminContent.files.history.empty') }}
      />
    </section>
  );
}
