import type { Sorting } from '@rl/contract';
import { useCallback, useDeferredValue, useRef } from 'react';
import { LazyQuotaLeft } from '../../../../components/quota/lazy-quota-left';
import type { SearchCriteria } from '../../../../stores/search-criteria';
import { hasMorePages, NO_RESULTS, searchStore, useSearchStore } from '../../../../stores/search-store';
import { AlsoSearched } from './also-searched';
import { CompanyBanner, NamedCompanyBanner } from './company-banner';
import { ResultItem } from './result-item';
import { ResultListFooter } from './result-list-footer';
import { NoResults, ResultListSkeleton, SearchFailed } from './result-list-states';
import { ResultsHeader } from './results-header';
import './results.css';
import { useLoadMoreOnScroll } from './use-load-more-on-scroll';

interface ResultListProps {
  criteria: SearchCriteria;
  selectedFileId: string | null;
  fileSearch(fileId: string): string;
  onSortingChange(sorting: Sorting): void;
  /** `null` when no filter is set. */
  onResetFilters: (() => void) | null;
  /** Runs the keyword again as words when it was read as a company's ticker. */
  onSearchAsWords(): void;
  /** Runs the keyword again as typed only, or also through the glossary. */
  onOneLanguageChange(oneLanguage: boolean): void;
}

/** The results: a header with count and sorting, the reports, and more pages on scroll. */
export function ResultList({
  criteria,
  selectedFileId,
  fileSearch,
  onSortingChange,
  onResetFilters,
  onSearchAsWords,
  onOneLanguageChange,
}: ResultListProps) {
  const files = useSearchStore((s) => s.files);
  const company = useSearchStore((s) => s.company);
  const companyNamed = useSearchStore((s) => s.companyNamed);
  const alsoSearched = useSearchStore((s) => s.alsoSearched);
  const total = useSearchStore((s) => s.total);
  const sorting = useSearchStore((s) => s.sorting);
  const loading = useSearchStore((s) => s.loading);
  const loadingMore = useSearchStore((s) => s.loadingMore);
  const errorMessage = useSearchStore((s) => s.errorMessage);
  const loadMoreError = useSearchStore((s) => s.loadMoreError);
  const hasMore = useSearchStore(hasMorePages);
  // A new page of reports renders in the background, in slices, so that a phone's main thread is
  // never held for the whole list at once; the skeleton stays until it is ready.
  const shownFiles = useDeferredValue(files);
  const rendering = shownFiles !== files;
  const scrollRoot = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  const loadNextPage = useCallback(() => void searchStore.getState().loadNextPage(), []);
  const retry = useCallback(() => void searchStore.getState().search(criteria, { force: true }), [criteria]);
  useLoadMoreOnScroll(scrollRoot, sentinel, loadNextPage, {
    enabled: hasMore && !loadingMore && !loadMoreError,
    version: shownFiles.length,
  });

  const failed = errorMessage !== null && errorMessage !== NO_RESULTS;
  return (
    <section
      className="rl-results"
      ref={scrollRoot}
      aria-busy={loading || rendering}
      data-testid="result-list"
    >
      <ResultsHeader
        total={loading || failed ? null : total}
        keyword={criteria.keyword}
        sorting={sorting}
        onSortingChange={onSortingChange}
        aside={<LazyQuotaLeft kinds={['search']} spent={files} />}
      />
      {!loading && company && (
        <CompanyBanner company={company} keyword={criteria.keyword} onSearchAsWords={onSearchAsWords} />
      )}
      {!loading && !company && companyNamed && (
        <NamedCompanyBanner company={companyNamed} keyword={criteria.keyword} />
      )}
      {!loading && criteria.keyword.trim() !== '' && (
        <AlsoSearched
          alsoSearched={alsoSearched}
          oneLanguage={Boolean(criteria.oneLanguage)}
          onOneLanguageChange={onOneLanguageChange}
        />
      )}
      {(loading || (rendering && shownFiles.length === 0)) && <ResultListSkeleton />}
      {!loading && errorMessage === NO_RESULTS && <NoResults onResetFilters={onResetFilters} />}
      {!loading && failed && <SearchFailed message={errorMessage} onRetry={retry} />}
      {!loading && errorMessage === null && shownFiles.length > 0 && (
        <>
          <div className="rl-results__items" role="list">
            {shownFiles.map((item) => (
              <div role="listitem" key={item.id}>
                <ResultItem item={item} search={fileSearch(item.id)} selected={item.id === selectedFileId} />
              </div>
            ))}
          </div>
          <div ref={sentinel} className="rl-results__sentinel" />
          <ResultListFooter
            loadingMore={loadingMore}
            hasMore={hasMore}
            loadMoreError={loadMoreError}
            onLoadMore={loadNextPage}
          />
        </>
      )}
    </section>
  );
}
