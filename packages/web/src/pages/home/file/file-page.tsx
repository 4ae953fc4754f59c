import { FilterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, criteriaKey, resetFilters } from '../../../stores/search-criteria';
import { searchStore, useSearchStore } from '../../../stores/search-store';
import { useViewerStore } from '../../../stores/viewer-store';
import { prefetchOnIdle } from '../../../utils/prefetch-on-idle';
import { useLatch } from '../../../utils/use-latch';
import './file-page.css';
import { KeywordSearch } from './keyword-search';
import { ResultList } from './results/result-list';
import { useSearchUrl } from './use-search-url';
import { ViewerFallback } from './viewer-fallback';

const loadViewer = () => import('./viewer/file-viewer');
const FileViewer = lazy(() => loadViewer().then((module) => ({ default: module.FileViewer })));

// The filters (date pickers, selects) are a chunk of their own, requested at once, so the shell
// and the first results do not wait for them.
const loadFilters = () => import('./filters/filter-panel');
const filtersRequest = typeof window === 'undefined' ? null : loadFilters();
const FilterPanel = lazy(() =>
  (filtersRequest ?? loadFilters()).then((module) => ({ default: module.FilterPanel })),
);
const FilterDrawer = lazy(() =>
  (filtersRequest ?? loadFilters()).then((module) => ({ default: module.FilterDrawer })),
);

function FilterPanelFallback() {
  return <Skeleton active className="rl-file-page__filters-loading" paragraph={{ rows: 8 }} />;
}

/** The search page (/home/file): keyword, filters and results; a selected report opens beside them. */
export function FilePage() {
  const { t } = useTranslation();
  const { criteria, fileId, updateCriteria, replaceCriteria, fileSearch, closeFile } = useSearchUrl();
  const loading = useSearchStore((s) => s.loading);
  const firstPageShown = useSearchStore((s) => s.currentPage > 0);
  // The filters mount once the first search has settled, in a deferred render after the results
  // are painted, so they never delay the first results.
  const showFilters = useDeferredValue(useLatch(!loading));
  const showFileList = useViewerStore((s) => s.showFileList);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const viewing = fileId !== null;
  const filterCount = activeFilterCount(criteria);

  useEffect(() => {
    void searchStore.getState().search(criteria);
  }, [criteria]);

  // When the contract's rules dropped values of a hand-made URL, show the search actually run.
  const checkedCriteria = useSearchStore((s) => s.criteria);
  const requestedKey = useSearchStore((s) => s.requestedKey);
  useEffect(() => {
    const urlKey = criteriaKey(criteria);
    if (checkedCriteria && requestedKey === urlKey && criteriaKey(checkedCriteria) !== urlKey) {
      replaceCriteria(checkedCriteria);
    }
  }, [checkedCriteria, requestedKey, criteria, replaceCriteria]);

  // Once results are on screen, fetch the viewer (pdf.js included) so opening a report is quick.
  useEffect(
    () =>
      firstPageShown
        ? prefetchOnIdle(() => loadViewer().then((module) => module.prepareViewer()))
        : undefined,
    [firstPageShown],
  );

  return (
    <div className={viewing ? 'rl-file-page rl-file-page--viewing' : 'rl-file-page'} data-testid="file-page">
      <div className="rl-file-page__toolbar">
        <KeywordSearch
          keyword={criteria.keyword}
          onSearch={(keyword) => updateCriteria((current) => ({ ...current, keyword }))}
        />
        {viewing && (
          <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} data-testid="filters-button">
            {t('search.filters.show')}
            {filterCount > 0 && <span className="rl-file-page__filter-count">{filterCount}</span>}
          </Button>
        )}
      </div>
      <div className="rl-file-page__body">
        {!viewing && (
          <aside className="rl-file-page__filters">
            <Suspense fallback={<FilterPanelFallback />}>
              {showFilters ? (
                <FilterPanel criteria={criteria} onChange={updateCriteria} />
              ) : (
                <FilterPanelFallback />
              )}
            </Suspense>
          </aside>
        )}
        {(!viewing || showFileList) && (
          <ResultList
            criteria={criteria}
            selectedFileId={fileId}
            fileSearch={fileSearch}
            onSortingChange={(sorting) => updateCriteria((current) => ({ ...current, sorting }))}
            onResetFilters={filterCount > 0 ? () => updateCriteria(resetFilters) : null}
          />
        )}
        {viewing && (
          <Suspense fallback={<ViewerFallback />}>
            <FileViewer key={fileId} fileId={fileId} onClose={closeFile} />
          </Suspense>
        )}
      </div>
      {viewing && filtersOpen && (
        <Suspense fallback={null}>
          <FilterDrawer
            criteria={criteria}
            onChange={updateCriteria}
            open
            onClose={() => setFiltersOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
