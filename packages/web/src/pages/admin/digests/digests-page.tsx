import {
  DIGEST_STATES,
  type AdminDigestListResponse,
  type AdminDigestRecord,
  type DigestState,
} from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminDigestKeys, adminDigestsApi } from '../../../api/admin/digests-api';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { useAdminFormat } from '../shared/admin-format';
import { AdminPage } from '../shared/admin-page';
import { useAdminTable } from '../shared/use-admin-table';
import { DigestStateTag } from './digest-state-tag';
import './digests-page.css';

const FILTERS = ['state'] as const;

function useColumns(): TableColumnsType<AdminDigestRecord> {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'user',
      title: t('adminDigests.column.user'),
      render: (_, d) => (
        <>
          <Typography.Text strong>{d.username}</Typography.Text>
          {d.email && <div className="rl-admin-digests__email">{d.email}</div>}
        </>
      ),
    },
    { key: 'period', title: t('adminDigests.column.period'), dataIndex: 'period', width: 130 },
    {
      key: 'state',
      title: t('adminDigests.column.state'),
      width: 110,
      render: (_, d) => <DigestStateTag state={d.state} />,
    },
    { key: 'items', title: t('adminDigests.column.items'), dataIndex: 'item_count', width: 90 },
    { key: 'attempts', title: t('adminDigests.column.attempts'), dataIndex: 'attempts', width: 90 },
    {
      key: 'time',
      title: t('adminDigests.column.time'),
      width: 170,
      render: (_, d) => format.dateTime(d.sent_time ?? d.next_attempt_time),
    },
    {
      key: 'error',
      title: t('adminDigests.column.error'),
      ellipsis: true,
      render: (_, d) => d.last_error && <span title={d.last_error}>{d.last_error}</span>,
    },
  ];
}

/**
 * `/admin/digests`: every e-mail digest, newest change first, by state; the digests that failed
 * for good (their SMTP server's last answer beside them) are counted above the table.
 */
export function DigestsPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('adminDigests.title'));
  const table = useAdminTable<AdminDigestRecord, AdminDigestListResponse, 'state'>({
    queryKeys: adminDigestKeys,
    filterKeys: FILTERS,
    fetchPage: ({ state, page_id, page_length }, signal) =>
      adminDigestsApi.list({ state: state as DigestState | undefined, page_id, page_length }, { signal }),
    rowsOf: (answer) => answer.items,
    rowKey: (d: AdminDigestRecord) => `${d.user_id}:${d.period}`,
  });
  // The count of failures, whatever the filter shows.
  const failed = useQuery({
    queryKey: adminDigestKeys.failed,
    queryFn: ({ signal }) => adminDigestsApi.list({ state: 'failed', page_length: 1 }, { signal }),
  }).data?.failed;
  const columns = useColumns();
  return (
    <AdminPage
      title={t('adminDigests.title')}
      testId="admin-digests-page"
      toolbar={
        <>
          <Select
            value={table.filters.state}
            placeholder={t('adminDigests.filter.state')}
            aria-label={t('adminDigests.filter.state')}
            allowClear
            style={{ width: 180 }}
            onChange={(value?: string) => table.setFilters({ state: value })}
            options={DIGEST_STATES.map((state) => ({
              value: state,
              label: t(`adminDigests.state.${state}`),
            }))}
            data-testid="digests-state-filter"
          />
          <Button onClick={table.resetFilters}>{t('admin.table.resetFilters')}</Button>
        </>
      }
    >
      {Boolean(failed) && table.filters.state !== 'failed' && (
        <Alert
          type="error"
          showIcon
          className="rl-admin-digests__failed"
          data-testid="digests-failed"
          title={t('adminDigests.failedAlert', { count: failed })}
          action={
            <Button size="small" onClick={() => table.setFilters({ state: 'failed' })}>
              {t('adminDigests.showFailed')}
            </Button>
          }
        />
      )}
      <Table<AdminDigestRecord>
        ref={tableRef}
        {...table.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('adminDigests.empty') }}
        onRow={(d) => ({ 'data-testid': 'digest-row', 'data-state': d.state }) as object}
      />
    </AdminPage>
  );
}
