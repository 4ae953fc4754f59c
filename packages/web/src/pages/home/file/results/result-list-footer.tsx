import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

interface ResultListFooterProps {
  loadingMore: boolean;
  hasMore: boolean;
  loadMoreError: string | null;
  onLoadMore(): void;
}

/** Below the list: loading more, a retry after a failed page, or the end of the results. */
export function ResultListFooter({ loadingMore, hasMore, loadMoreError, onLoadMore }: ResultListFooterProps) {
  const { t } = useTranslation();
  if (loadingMore) {
    return (
      <div className="rl-results__footer" data-testid="results-loading-more">
        <Spin size="small" /> <span>{t('search.results.loadingMore')}</span>
      </div>
    );
  }
  if (loadMoreError) {
    return (
      <div className="rl-results__footer rl-results__footer--error">
        <span>{loadMoreError}</span>
        <Button size="small" onClick={onLoadMore}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (hasMore) {
    return (
      <div className="rl-results__footer">
        <Button type="link" onClick={onLoadMore}>
          {t('search.results.loadMore')}
        </Button>
      </div>
    );
  }
  return (
    <div className="rl-results__footer rl-results__footer--end" data-testid="results-end">
      {t('search.results.end')}
    </div>
  );
}
