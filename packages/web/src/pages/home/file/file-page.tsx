import { FilterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, criteriaKey, resetFilters, withKeyword } from '../../../stores/search-criteria';
import { searchStore, useSearchStore } from '../../../stores/search-store';
import { useViewerStore } from '../../../stores/viewer-store';
import { useLatch } from '../../../utils/use-latch';
import { isNarrowWindow, useViewport } from '../../../utils/use-viewport';
import { whenIdle } from '../../../utils/when-idle';
import './file-page.css';
import { KeywordSearch } from './keyword-search';
import { ResultList } from './results/result-list';
import { useSearchUrl } from './use-search-url';
import { ViewerFallback } from './viewer-fallback';

// The viewer (pdf.js, antd's Table) loads only when a report is opened: fetched and compiled on the
// search page it held up the first screen on a phone. pdf.js's worker starts as soon as it arrives.
const FileViewer = lazy(() =>
  import('./viewer/file-viewer').then((module) => {
    module.prepareViewer();
    return { default: module.FileViewer };
  }),
);

// The filters (date pickers, selects) are a chunk of their own, so the shell and the first results
// do not wait for them. A wide window shows them in a column and requests them at once; a narrow one
// keeps them in a drawer and requests them once the first results are in and the browser is idle,
// leaving a phone's slow connection and busy main thread to the results.
let filtersRequest: ReturnType<typeof importFilters> | null = null;
const importFilters = () => import('./filters/filter-panel');
const loadFilters = () => (filtersRequest ??= importFilters());
if (typeof window !== 'undefined' && !isNarrowWindow()) void loadFilters();
const FilterPanel = lazy(() => loadFilters().then((module) => ({ default: module.FilterPanel })));
const FilterDrawer = lazy(() => loadFilters().then((module) => ({ default: module.FilterDrawer })));

function FilterPanelFallback() {
  return <Skeleton active className="rl-file-page__filters-loading" paragraph={{ rows: 8 }} />;
}

/**
 * The search page (/home/file): keyword, filters and results; a selected report opens beside them.
 * In a narrow window the filters live in a drawer and an open report takes the whole width.
 */
export function FilePage() {
  const { t } = useTranslation();
  const { narrow } = useViewport();
  const { criteria, fileId, updateCriteria, replaceCriteria, fileSearch, closeFile } = useSearchUrl();
  const loading = useSearchStore((s) => s.loading);
  // The filters mount once the first search has settled, in a deferred render after the results
  // are painted, so they never delay the first results.
  const showFilters = useDeferredValue(useLatch(!loading));
  const showFileList = useViewerStore((s) => s.showFileList);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const viewing = fileId !== null;
  const filterColumn = !viewing && !narrow;
  const filterCount = activeFilterCount(criteria);

  useEffect(() => {
    void searchStore.getState().search(criteria);
  }, [criteria]);

  useEffect(() => {
    if (showFilters) return whenIdle(() => void loadFilters());
  }, [showFilters]);

  // When the contract's rules dropped values of a hand-made URL, show the search actually run.
  const checkedCriteria = useSearchStore((s) => s.criteria);
  const requestedKey = useSearchStore((s) => s.requestedKey);
  useEffect(() => {
    const urlKey = criteriaKey(criteria);
    if (checkedCriteria && requestedKey === urlKey && criteriaKey(checkedCriteria) !== urlKey) {
      replaceCriteria(checkedCriteria);
    }
  }, [checkedCriteria, requestedKey, criteria, replaceCriteria]);

  return (
    <div
      className={['rl-file-page', viewing && 'rl-file-page--viewing', narrow && 'rl-file-page--narrow']
        .filter(Boolean)
        .join(' ')}
      data-testid="file-page"
    >
      <div className="rl-file-page__toolbar">
        <KeywordSearch
          keyword={criteria.keyword}
          onSearch={(keyword) => updateCriteria((current) => withKeyword(current, keyword))}
        />
        {!filterColumn && (
          <Button
            icon={<FilterOutlined />}
            size={narrow ? 'large' : undefined}
            aria-label={narrow ? t('search.filters.show') : undefined}
            onClick={() => setFiltersOpen(true)}
            data-testid="filters-button"
          >
            <span className="rl-file-page__filters-label">{t('search.filters.show')}</span>
            {filterCount > 0 && <span className="rl-file-page__filter-count">{filterCount}</span>}
          </Button>
        )}
      </div>
      <div className="rl-file-page__body">
        {filterColumn && (
          <aside className="rl-file-page__filters" aria-label={t('search.filters.title')}>
            <Suspense fallback={<FilterPanelFallback />}>
              {showFilters ? (
                <FilterPanel criteria={criteria} onChange={updateCriteria} />
              ) : (
                <FilterPanelFallback />
              )}
            </Suspense>
          </aside>
        )}
        {(!viewing || (showFileList && !narrow)) && (
          <ResultList
            criteria={criteria}
            selectedFileId={fileId}
            fileSearch={fileSearch}
            onSortingChange={(sorting) => updateCriteria((current) => ({ ...current, sorting }))}
            onResetFilters={filterCount > 0 ? () => updateCriteria(resetFilters) : null}
            onSearchAsWords={() => updateCriteria((current) => ({ ...current, keywordAsText: true }))}
            onOneLanguageChange={(oneLanguage) => updateCriteria((current) => ({ ...current, oneLanguage }))}
          />
        )}
        {viewing && (
          <Suspense fallback={<ViewerFallback />}>
            <FileViewer key={fileId} fileId={fileId} onClose={closeFile} />
          </Suspense>
        )}
      </div>
      {!filterColumn && filtersOpen && (
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
