import type { SearchRequest, SearchResponse } from '@rl/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildSearchResponse } from '../test/fixtures';
import { criteriaKey, EMPTY_CRITERIA } from './search-criteria';
import { createSearchStore, hasMorePages, NO_RESULTS } from './search-store';

interface PendingCall {
  request: SearchRequest;
  signal: AbortSignal;
  resolve(response: SearchResponse): void;
  reject(error: unknown): void;
}

/** A fake search call that the test answers by hand. */
function manualFetcher() {
  const calls: PendingCall[] = [];
  const fetchPage = vi.fn(
    (request: SearchRequest, signal: AbortSignal) =>
      new Promise<SearchResponse>((resolve, reject) => calls.push({ request, signal, resolve, reject })),
  );
  return { calls, fetchPage };
}

const keyword = (text: string) => ({ ...EMPTY_CRITERIA, keyword: text });

/** Lets the store check the criteria (asynchronous) and send its request. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('search paging rules', () => {
  it('page 1 clears the list, sets the page size to 20 and loads', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('oil'));
    await settle();
    expect(store.getState()).toMatchObject({ loading: true, files: [], pageSize: 20, currentPage: 0 });
    calls[0]!.resolve(buildSearchResponse(20, 45, { sorting: 'relevance' }));
    await first;
    expect(calls[0]!.request).toMatchObject({
      keyword: 'oil',
      page_id: 1,
      page_length: 20,
      sorting: 'relevance',
    });
    expect(store.getState()).toMatchObject({
      loading: false,
      currentPage: 1,
      total: 45,
      sorting: 'relevance',
    });
    expect(store.getState().files).toHaveLength(20);

    const again = store.getState().search(keyword('gas'));
    await settle();
    expect(store.getState().files).toEqual([]);
    calls[1]!.resolve(buildSearchResponse(3, 3));
    await again;
    expect(store.getState().files).toHaveLength(3);
  });

  it('later pages append and stop at the last page', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('oil'));
    await settle();
    calls[0]!.resolve(buildSearchResponse(20, 45));
    await first;

    const second = store.getState().loadNextPage();
    expect(calls[1]!.request.page_id).toBe(2);
    calls[1]!.resolve(buildSearchResponse(20, 45));
    await second;
    expect(store.getState()).toMatchObject({ currentPage: 2 });
    expect(store.getState().files).toHaveLength(40);

    const third = store.getState().loadNextPage();
    calls[2]!.resolve(buildSearchResponse(5, 45));
    await third;
    expect(store.getState().files).toHaveLength(45);
    expect(hasMorePages(store.getState())).toBe(false);

    await store.getState().loadNextPage();
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('sends nothing while a page is loading', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('oil'));
    await settle();
    void store.getState().loadNextPage();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    calls[0]!.resolve(buildSearchResponse(20, 100));
    await first;

    void store.getState().loadNextPage();
    void store.getState().loadNextPage();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('reports No results found for an empty first page', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('nothing'));
    await settle();
    calls[0]!.resolve(buildSearchResponse(0, 0));
    await first;
    expect(store.getState().errorMessage).toBe(NO_RESULTS);
    await store.getState().loadNextPage();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('an empty keyword is sent with date sorting', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    void store.getState().search({ ...EMPTY_CRITERIA, sorting: 'relevance' });
    await settle();
    expect(calls[0]!.request.sorting).toBe('date_desc');
  });

  it('a newer search cancels the older one, whose answer is ignored', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const older = store.getState().search(keyword('old'));
    await settle();
    const newer = store.getState().search(keyword('new'));
    await settle();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve(buildSearchResponse(2, 2));
    calls[0]!.resolve(buildSearchResponse(20, 99));
    await Promise.all([older, newer]);
    expect(store.getState()).toMatchObject({ total: 2, criteria: { keyword: 'new' } });
  });

  it('does not repeat a search that is loading or loaded unless forced', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('oil'));
    await settle();
    void store.getState().search(keyword('oil'));
    await settle();
    calls[0]!.resolve(buildSearchResponse(1, 1));
    await first;
    void store.getState().search(keyword('oil'));
    await settle();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    void store.getState().search(keyword('oil'), { force: true });
    await settle();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('keeps the list when a later page fails, and can try again', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('oil'));
    await settle();
    calls[0]!.resolve(buildSearchResponse(20, 30));
    await first;
    const failing = store.getState().loadNextPage();
    calls[1]!.reject(new Error('Request failed'));
    await failing;
    expect(store.getState()).toMatchObject({
      loadingMore: false,
      loadMoreError: 'Request failed',
      currentPage: 1,
    });
    expect(store.getState().files).toHaveLength(20);
    const retry = store.getState().loadNextPage();
    calls[2]!.resolve(buildSearchResponse(10, 30));
    await retry;
    expect(store.getState().files).toHaveLength(30);
  });

  it('shows the reason when the first page fails', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('oil'));
    await settle();
    calls[0]!.reject(new Error('Server unavailable'));
    await first;
    expect(store.getState()).toMatchObject({ loading: false, errorMessage: 'Server unavailable' });
  });

  it('searches with the criteria the contract accepts and remembers what was asked', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage, async (criteria) => ({ ...criteria, filter: {} }));
    const asked = { ...EMPTY_CRITERIA, keyword: 'oil', filter: { from_date: '2024-02-30' } };
    void store.getState().search(asked);
    await settle();
    expect(calls[0]!.request.filter).toEqual({});
    expect(store.getState().criteria).toEqual({ ...asked, filter: {} });
    expect(store.getState().requestedKey).toBe(criteriaKey(asked));
    expect(store.getState().key).toBe(criteriaKey({ ...asked, filter: {} }));
  });
});

describe('a keyword read as a ticker', () => {
  it('keeps the company of the answer until the next search', async () => {
    const { calls, fetchPage } = manualFetcher();
    const store = createSearchStore(fetchPage);
    const first = store.getState().search(keyword('600519'));
    await settle();
    calls[0]!.resolve({
      ...buildSearchResponse(2, 2),
      company: { ticker: '600519.SH', name: 'Kweichow Moutai' },
    });
    await first;
    expect(store.getState().company).toEqual({ ticker: '600519.SH', name: 'Kweichow Moutai' });

    const again = store.getState().search({ ...keyword('600519'), keywordAsText: true });
    await settle();
    expect(store.getState().company).toBeNull();
    expect(calls[1]!.request.keyword_as_text).toBe(true);
    calls[1]!.resolve(buildSearchResponse(1, 1));
    await again;
    expect(store.getState().company).toBeNull();
  });
});
