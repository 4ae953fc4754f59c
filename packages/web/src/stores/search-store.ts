import type { CompanyRef, FileListItem, SearchRequest, SearchResponse } from '@rl/contract';
import { SEARCH_PAGE_SIZE, type Sorting } from '@rl/contract/constants';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isAbortError } from '../api/api-error';
import { loadContract } from '../api/contract';
import { filesApi } from '../api/files-api';
import { useStoreAsItStands } from './store-hook';
import {
  criteriaKey,
  effectiveSorting,
  sanitizeCriteria,
  toSearchRequest,
  withKeywordLimit,
  type SearchCriteria,
} from './search-criteria';

export type FetchSearchPage = (request: SearchRequest, signal: AbortSignal) => Promise<SearchResponse>;
/** Applies the contract's rules to criteria read from a URL. */
export type SanitizeCriteria = (criteria: SearchCriteria) => Promise<SearchCriteria>;

/** The message of an empty first page (SPEC.md section 4); translated by the page. */
export const NO_RESULTS = 'No results found';

/** The result list and its paging state (SPEC.md sections 3 and 4). */
export interface SearchState {
  /** The criteria of the list, after the contract's rules; `null` until they are checked. */
  criteria: SearchCriteria | null;
  key: string | null;
  /** Key of the criteria as asked, before the contract's rules (they may drop invalid values). */
  requestedKey: string | null;
  files: FileListItem[];
  /** The company whose notes these are, when the keyword read as its ticker. */
  company: CompanyRef | null;
  /** The company the keyword names (`腾讯`), when the library covers it: its page is offered. */
  companyNamed: CompanyRef | null;
  /** What the keyword was also searched as, through the glossary, by language. */
  alsoSearched: NonNullable<SearchResponse['also_searched']>;
  total: number;
  /** Last page loaded; 0 before the first page arrives. */
  currentPage: number;
  pageSize: number;
  sorting: Sorting;
  loading: boolean;
  loadingMore: boolean;
  /** `NO_RESULTS`, or the reason the first page failed. */
  errorMessage: string | null;
  /** The reason a later page failed; the list stays and can try again. */
  loadMoreError: string | null;
  search(criteria: SearchCriteria, options?: { force?: boolean }): Promise<void>;
  loadNextPage(): Promise<void>;
}

export function totalPages(state: Pick<SearchState, 'total' | 'pageSize'>): number {
  return Math.ceil(state.total / state.pageSize);
}

export function hasMorePages(state: Pick<SearchState, 'total' | 'pageSize' | 'currentPage'>): boolean {
  return state.currentPage > 0 && state.currentPage < totalPages(state);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Appends a page, skipping files already listed (results may shift while paging). */
function appendUnique(files: FileListItem[], page: FileListItem[]): FileListItem[] {
  const seen = new Set(files.map((file) => file.id));
  return [...files, ...page.filter((file) => !seen.has(file.id))];
}

const keepAsIs: SanitizeCriteria = async (criteria) => criteria;

export function createSearchStore(
  fetchPage: FetchSearchPage,
  sanitize: SanitizeCriteria = keepAsIs,
): StoreApi<SearchState> {
  let controller: AbortController | null = null;

  return createStore<SearchState>()((set, get) => ({
    criteria: null,
    key: null,
    requestedKey: null,
    files: [],
    company: null,
    companyNamed: null,
    alsoSearched: [],
    total: 0,
    currentPage: 0,
    pageSize: SEARCH_PAGE_SIZE,
    sorting: 'date_desc',
    loading: false,
    loadingMore: false,
    errorMessage: null,
    loadMoreError: null,

    /** Page 1: clears the list and sets the page size to 20; a newer search cancels an older one. */
    async search(requested, options = {}) {
      const requestedKey = criteriaKey(requested);
      const state = get();
      if (!options.force && requestedKey === state.requestedKey && (state.loading || state.currentPage > 0))
        return;
      controller?.abort();
      const own = new AbortController();
      controller = own;
      set({
        requestedKey,
        criteria: null,
        key: null,
        files: [],
        company: null,
        companyNamed: null,
        alsoSearched: [],
        total: 0,
        currentPage: 0,
        pageSize: SEARCH_PAGE_SIZE,
        sorting: effectiveSorting(requested.keyword, requested.sorting),
        loading: true,
        loadingMore: false,
        errorMessage: null,
        loadMoreError: null,
      });
      try {
        const criteria = await sanitize(requested);
        if (controller !== own) return;
        set({
          criteria,
          key: criteriaKey(criteria),
          sorting: effectiveSorting(criteria.keyword, criteria.sorting),
        });
        const response = await fetchPage(toSearchRequest(criteria, 1), own.signal);
        if (controller !== own) return;
        set({
          files: response.file_list,
          company: response.company ?? null,
          companyNamed: response.company_named ?? null,
          alsoSearched: response.also_searched ?? [],
          total: response.total_items,
          currentPage: 1,
          sorting: response.sorting,
          loading: false,
          errorMessage: response.file_list.length === 0 ? NO_RESULTS : null,
        });
      } catch (error) {
        if (controller !== own || isAbortError(error)) return;
        set({ loading: false, errorMessage: messageOf(error) });
      }
    },

    /** Later pages append. Nothing is sent while a page is loading or past the last page. */
    async loadNextPage() {
      const state = get();
      if (state.loading || state.loadingMore || !state.criteria || !hasMorePages(state)) return;
      const own = controller;
      if (!own) return;
      const page = state.currentPage + 1;
      set({ loadingMore: true, loadMoreError: null });
      try {
        const response = await fetchPage(toSearchRequest(state.criteria, page), own.signal);
        if (controller !== own) return;
        set((current) => ({
          files: appendUnique(current.files, response.file_list),
          total: response.total_items,
          currentPage: page,
          loadingMore: false,
        }));
      } catch (error) {
        if (controller !== own || isAbortError(error)) return;
        set({ loadingMore: false, loadMoreError: messageOf(error) });
      }
    },
  }));
}

/**
 * Only filters need the contract's rules (and so its schemas, loaded apart): a search without
 * filters is sent at once, which makes the first results of the landing page quick.
 */
async function sanitizeWithContract(criteria: SearchCriteria): Promise<SearchCriteria> {
  if (Object.keys(criteria.filter).length === 0) return withKeywordLimit(criteria);
  return sanitizeCriteria(criteria, await loadContract());
}

export const searchStore = createSearchStore(
  (request, signal) => filesApi.search(request, { signal }),
  sanitizeWithContract,
);

export function useSearchStore<T>(selector: (state: SearchState) => T): T {
  return useStoreAsItStands(searchStore, selector);
}
