import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadRecord } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { libraryApi, libraryKeys } from '../../../api/library-api';
import { QueryScope } from '../../../api/query-scope';
import { QuotaLeft } from '../../../components/quota/quota-left';
import { PATHS } from '../../../router/route-meta';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { PARAM } from '../../../stores/search-criteria';
import { isLoggedIn, useUserStore } from '../../../stores/user-store';
import { useFormatters } from '../../../utils/use-formatters';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';

const PAGE_SIZE = 20;

function DownloadsTable() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('library.downloads.title'));
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: libraryKeys.downloadHistory(page),
    queryFn: ({ signal }) => libraryApi.downloadHistory(page, PAGE_SIZE, { signal }),
  });
  const columns: TableColumnsType<DownloadRecord> = [
    {
      key: 'time',
      title: t('library.downloads.column.time'),
      dataIndex: 'downloaded_time',
      width: 190,
      render: (value: string) => format.dateTime(value),
    },
    {
      key: 'file',
      title: t('library.downloads.column.file'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string | null, row) =>
        title === null ? (
          // The file left the library: its name is all that is left to show.
          <Typography.Text type="secondary" title={t('library.downloads.gone')}>
            {row.file_name}
          </Typography.Text>
        ) : (
          <Link
            to={`${PATHS.file}?${PARAM.file}=${encodeURIComponent(row.file_id)}`}
            title={row.file_name}
            data-testid="download-title"
          >
            {title}
          </Link>
        ),
    },
    {
      key: 'size',
      title: t('library.downloads.column.size'),
      dataIndex: 'size_bytes',
      width: 120,
      render: (value: number) => format.size(value),
    },
  ];
  return (
    <Table<DownloadRecord>
      ref={tableRef}
      rowKey={(row) => `${row.file_id}-${row.downloaded_time}`}
      columns={columns}
      dataSource={history.data?.items ?? []}
      loading={history.isPending}
      locale={{ emptyText: t('library.downloads.empty') }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: history.data?.total_items ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
      scroll={{ x: 'max-content' }}
      data-testid="downloads-table"
    />
  );
}

/** /my/downloads: the reports I downloaded, newest first. Visitors are asked to log in. */
export function DownloadsPage() {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  if (!isLoggedIn({ token })) {
    return (
      <Result
        icon={<DownloadOutlined />}
        title={t('library.downloads.anonymous.title')}
        extra={
          <Button
            type="primary"
            onClick={() => useAuthModalStore.getState().open('library.downloads.requiresLogin')}
            data-testid="downloads-login"
          >
            {t('library.bookmarks.anonymous.login')}
          </Button>
        }
        data-testid="downloads-anonymous"
      />
    );
  }
  return (
    <QueryScope>
      <div className="rl-downloads" data-testid="downloads-page">
        <Typography.Title level={2} className="rl-title-size-4">
          {t('library.downloads.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('library.downloads.intro')}</Typography.Paragraph>
        <Typography.Paragraph>
          <QuotaLeft kinds={['download']} />
        </Typography.Paragraph>
        <DownloadsTable />
      </div>
    </QueryScope>
  );
}
