import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

const SKELETON_ROWS = 6;

/** Placeholders while the first page loads. */
export function ResultListSkeleton() {
  return (
    <div className="rl-results__skeleton" data-testid="results-loading">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton
          key={index}
          active
          title={{ width: '70%' }}
          paragraph={{ rows: 2, width: ['45%', '90%'] }}
        />
      ))}
    </div>
  );
}

/** 'No results found', with a way out when filters narrow the search. */
export function NoResults({ onResetFilters }: { onResetFilters: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="rl-results__empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div className="rl-results__empty-title">{t('search.noResults')}</div>
          <div className="rl-results__empty-hint">{t('search.noResults.hint')}</div>
        </>
      }
      data-testid="no-results"
    >
      {onResetFilters && <Button onClick={onResetFilters}>{t('search.filters.reset')}</Button>}
    </Empty>
  );
}

/** A failed search, with its reason and a retry. */
export function SearchFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="rl-results__error"
      type="error"
      showIcon
      title={t('search.error.title')}
      description={message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      data-testid="search-error"
    />
  );
}
