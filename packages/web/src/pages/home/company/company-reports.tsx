import type { FileListItem } from '@rl/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { companyApi, companyKeys } from '../../../api/company-api';
import { ResultItem } from '../file/results/result-item';
import { ResultListFooter } from '../file/results/result-list-footer';
import { ResultListSkeleton, SearchFailed } from '../file/results/result-list-states';
import '../file/results/results.css';
import { useLoadMoreOnScroll } from '../file/results/use-load-more-on-scroll';

interface CompanyReportsProps {
  ticker: string;
  selectedFileId: string | null;
  fileSearch(fileId: string): string;
  /** True when the list is a column of its own that scrolls (beside an open report). */
  scrolls: boolean;
}

/** Pages joined, a report listed once (the list may shift while paging). */
function joinPages(pages: readonly { file_list: FileListItem[] }[]): FileListItem[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.file_list).filter((file) => !seen.has(file.id) && seen.add(file.id));
}

/**
 * Every note on the company, in both languages, newest first, as the search page lists them
 * (the same items with their locks); more pages as the list scrolls.
 */
export function CompanyReports({ ticker, selectedFileId, fileSearch, scrolls }: CompanyReportsProps) {
  const { t } = useTranslation();
  const reports = useInfiniteQuery({
    queryKey: companyKeys.reports(ticker),
    queryFn: ({ pageParam, signal }) => companyApi.reports(ticker, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page_id * last.page_length < last.total_items && last.file_list.length > 0
        ? last.page_id + 1
        : undefined,
  });
  const files = useMemo(() => joinPages(reports.data?.pages ?? []), [reports.data]);
  const total = reports.data?.pages.at(-1)?.total_items ?? null;
  const ownScroll = useRef<HTMLElement>(null);
  // In the page's flow the window scrolls (the observer's root is then the viewport).
  const noScroll = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { fetchNextPage, refetch } = reports;
  const loadNextPage = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadMoreOnScroll(scrolls ? ownScroll : noScroll, sentinel, loadNextPage, {
    enabled: reports.hasNextPage && !reports.isFetchingNextPage && !reports.isFetchNextPageError,
    version: files.length,
  });

  return (
    <section
      ref={ownScroll}
      className={scrolls ? 'rl-results rl-company-reports' : 'rl-company-reports'}
      aria-busy={reports.isPending}
      aria-labelledby="rl-company-reports-title"
      data-testid="company-reports"
    >
      <div className="rl-company-reports__header">
        <h2 id="rl-company-reports-title" className="rl-company__section-title">
          {t('company.reports.title')}
        </h2>
        {total !== null && (
          <span className="rl-company-reports__count">{t('company.reports.count', { count: total })}</span>
        )}
      </div>
      {reports.isPending && <ResultListSkeleton />}
      {reports.isError && !reports.isFetchNextPageError && (
        <SearchFailed message={reports.error.message} onRetry={() => void refetch()} />
      )}
      {reports.isSuccess && files.length === 0 && (
        <p className="rl-company__empty">{t('company.reports.empty')}</p>
      )}
      {files.length > 0 && (
        <>
          <div className="rl-results__items" role="list">
            {files.map((item) => (
              <div role="listitem" key={item.id}>
                <ResultItem item={item} search={fileSearch(item.id)} selected={item.id === selectedFileId} />
              </div>
            ))}
          </div>
          <div ref={sentinel} className="rl-results__sentinel" />
          <ResultListFooter
            loadingMore={reports.isFetchingNextPage}
            hasMore={reports.hasNextPage}
            loadMoreError={reports.isFetchNextPageError ? reports.error.message : null}
            onLoadMore={loadNextPage}
          />
        </>
      )}
    </section>
  );
}
