import type { AdminDownloadRecord, AdminUser } from '@rl/contract';
import { Drawer, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminUserKeys, adminUsersApi } from '../../../api/admin/users-api';
import { useAdminFormat } from '../shared/admin-format';
import { useAdminTable } from '../shared/use-admin-table';

function HistoryTable({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const table = useAdminTable({
    queryKeys: {
      lists: adminUserKeys.downloadHistories(user.id),
      list: (request) => adminUserKeys.downloadHistory(user.id, request),
    },
    urlState: false,
    pageSize: 10,
    fetchPage: (request, signal) =>
      adminUsersApi.downloadHistory(
        { user_id: user.id, page_id: request.page_id, page_length: request.page_length },
        { signal },
      ),
    rowsOf: (answer) => answer.items,
    rowKey: (row: AdminDownloadRecord) => `${row.file_id}-${row.downloaded_time}`,
  });
  const columns: TableColumnsType<AdminDownloadRecord> = [
    {
      key: 'time',
      title: t('admin.users.history.time'),
      dataIndex: 'downloaded_time',
      width: 170,
      render: (value: string) => format.dateTime(value),
    },
    {
      key: 'file',
      title: t('admin.users.history.file'),
      dataIndex: 'title',
      ellipsis: true,
      // The title as the library names the report; its file name when it is gone.
      render: (title: string | null, row) => <span title={row.file_name}>{title ?? row.file_name}</span>,
    },
    {
      key: 'size',
      title: t('admin.users.history.size'),
      dataIndex: 'size_bytes',
      width: 100,
      render: (value: number) => format.size(value),
    },
    { key: 'ip', title: t('admin.users.history.ip'), dataIndex: 'ip', width: 140 },
  ];
  return (
    <Table<AdminDownloadRecord>
      {...table.tableProps}
      columns={columns}
      size="small"
      data-testid="user-download-history"
    />
  );
}

/** The user's counted downloads, newest first, paged. */
export function UserDownloadHistoryDrawer({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={t('admin.users.history.title', { username: user?.username ?? '' })}
      size={720}
      destroyOnHidden
    >
      {user && <HistoryTable user={user} />}
    </Drawer>
  );
}
