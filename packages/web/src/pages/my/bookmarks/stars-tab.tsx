import { Button, Empty } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../router/route-meta';
import { useFormatters } from '../../../utils/use-formatters';
import { LibraryFileList } from './library-file-list';
import { LibraryFileRow } from './library-file-row';
import { hasStarsFilter, StarsFilters, type StarsFilter } from './stars-filters';
import { useStars } from './use-stars';

/** My starred reports, newest star first: filters, pages, Open and Unstar. */
export function StarsTab() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [filter, setFilter] = useState<StarsFilter>({});
  const [page, setPage] = useState(1);
  const { stars, isHidden, removeRow } = useStars(filter, page);

  const changeFilter = useCallback((next: StarsFilter) => {
    setFilter(next);
    setPage(1);
  }, []);
  const filtered = hasStarsFilter(filter);

  return (
    <div className="rl-stars-tab">
      <StarsFilters filter={filter} issuers={stars.data?.issuers ?? []} onChange={changeFilter} />
      <LibraryFileList
        data={stars.data}
        isPending={stars.isPending}
        isError={stars.isError}
        isFetching={stars.isPlaceholderData}
        onRetry={() => void stars.refetch()}
        page={page}
        onPageChange={setPage}
        isHidden={isHidden}
        testId="bookmarks-list"
        renderRow={(item) => (
          <LibraryFileRow
            key={item.id}
            item={item}
            note={t('library.stars.starredOn', { date: format.date(item.starred_time) })}
            testId="bookmarks-item"
            actions={
              <Button size="small" danger onClick={() => void removeRow(item.id)} data-testid="unstar-button">
                {t('library.stars.unstar')}
              </Button>
            }
          />
        )}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('library.stars.noMatch') : t('library.stars.empty')}
            data-testid="bookmarks-empty"
          >
            {filtered ? (
              <Button onClick={() => changeFilter({})}>{t('search.filters.reset')}</Button>
            ) : (
              <Link to={PATHS.file}>{t('library.stars.browse')}</Link>
            )}
          </Empty>
        }
      />
    </div>
  );
}
