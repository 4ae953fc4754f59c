import type { FileListItem } from '@rl/contract';
import { LIBRARY_PAGE_SIZE } from '@rl/contract/constants';
import { Alert, Button, Pagination, Skeleton } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A page of my library as a list call answers it (stars, a collection's files). */
export interface LibraryPage<T> {
  file_list: T[];
  total_items: number;
}

interface LibraryFileListProps<T extends FileListItem> {
  data: LibraryPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  /** A new page or filter is on its way; the previous rows stay, dimmed. */
  isFetching: boolean;
  onRetry(): void;
  page: number;
  onPageChange(page: number): void;
  /** Rows just removed, hidden until the list is fetched again. */
  isHidden(id: string): boolean;
  renderRow(item: T): ReactNode;
  empty: ReactNode;
  testId: string;
}

/** A paged list of reports with its loading, failure and empty states. */
export function LibraryFileList<T extends FileListItem>(props: LibraryFileListProps<T>) {
  const { t } = useTranslation();
  const { data, page, onPageChange, isHidden } = props;
  const total = data?.total_items ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE));
  // Removing the last rows of the last page leads to the page before.
  useEffect(() => {
    if (data && page > lastPage) onPageChange(lastPage);
  }, [data, page, lastPage, onPageChange]);

  if (props.isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('library.loadFailed')}
        action={
          <Button size="small" onClick={props.onRetry}>
            {t('common.retry')}
          </Button>
        }
        data-testid={`${props.testId}-error`}
      />
    );
  }
  if (props.isPending || !data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const rows = data.file_list.filter((item) => !isHidden(item.id));
  if (rows.length === 0 && page === 1) return props.empty;
  return (
    <>
      <ul
        className={props.isFetching ? 'rl-library-list rl-library-list--fetching' : 'rl-library-list'}
        aria-busy={props.isFetching}
        data-testid={props.testId}
      >
        {rows.map(props.renderRow)}
      </ul>
      {total > LIBRARY_PAGE_SIZE && (
        <Pagination
          className="rl-library-pagination"
          current={page}
          pageSize={LIBRARY_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
