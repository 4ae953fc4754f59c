import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CRITERIA } from '../../../../stores/search-criteria';
import { NO_RESULTS, searchStore, type SearchState } from '../../../../stores/search-store';
import { buildListItem } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { ResultList } from './result-list';

const initial = searchStore.getState();

function showList(
  onResetFilters: (() => void) | null = null,
  onSearchAsWords = vi.fn(),
  { oneLanguage = false, onOneLanguageChange = vi.fn() } = {},
) {
  renderWithApp(
    <ResultList
      criteria={{ ...EMPTY_CRITERIA, keyword: 'rates', ...(oneLanguage ? { oneLanguage } : {}) }}
      selectedFileId="picked"
      fileSearch={(id) => `?file=${id}`}
      onSortingChange={vi.fn()}
      onResetFilters={onResetFilters}
      onSearchAsWords={onSearchAsWords}
      onOneLanguageChange={onOneLanguageChange}
    />,
    '/home/file',
  );
}

describe('result list', () => {
  afterEach(() => {
    cleanup();
    searchStore.setState(initial, true);
  });

  it('shows the count, the reports with highlighted snippets, and marks the open one', () => {
    searchStore.setState({
      files: [
        buildListItem({ id: 'picked', title: 'Rates outlook', snippet: 'lower <mark>rates</mark> ahead' }),
        buildListItem({ title: 'Credit update' }),
      ],
      total: 2,
      currentPage: 1,
      sorting: 'relevance',
    });
    showList();
    expect(screen.getByTestId('results-count').textContent).toContain('2 reports');
    expect(screen.getByText('rates', { selector: 'mark' })).toBeTruthy();
    const items = screen.getAllByTestId('result-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('aria-current')).toBe('page');
    expect(items[0]!.getAttribute('href')).toBe('/home/file?file=picked');
    expect(screen.getByTestId('results-end')).toBeTruthy();
  });

  it('says No results found and offers to reset the filters', () => {
    const reset = vi.fn();
    searchStore.setState({ files: [], total: 0, currentPage: 1, errorMessage: NO_RESULTS });
    showList(reset);
    expect(screen.getByText('No results found')).toBeTruthy();
    fireEvent.click(screen.getByText('Reset filters'));
    expect(reset).toHaveBeenCalled();
  });

  it('shows why a search failed and retries it', async () => {
    const search = vi.fn<SearchState['search']>().mockResolvedValue();
    searchStore.setState({ files: [], errorMessage: 'Server unavailable', search });
    showList();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('Retry')));
    expect(search).toHaveBeenCalledWith({ ...EMPTY_CRITERIA, keyword: 'rates' }, { force: true });
  });

  it('shows placeholders while the first page loads', () => {
    searchStore.setState({ loading: true });
    showList();
    expect(screen.getByTestId('results-loading')).toBeTruthy();
  });

  it('says when the keyword read as a company’s ticker, links its page and offers the words instead', () => {
    const asWords = vi.fn();
    searchStore.setState({
      files: [buildListItem({ title: 'Moutai: margins hold' })],
      company: { ticker: '600519.SH', name: 'Kweichow Moutai' },
      total: 1,
      currentPage: 1,
    });
    showList(null, asWords);
    const banner = screen.getByTestId('company-banner');
    expect(banner.textContent).toContain('Notes on Kweichow Moutai (600519.SH)');
    expect(screen.getByTestId('company-banner-page').getAttribute('href')).toBe('/home/company/600519.SH');
    fireEvent.click(screen.getByText('Search “rates” as words instead'));
    expect(asWords).toHaveBeenCalled();
  });

  it('shows no company line for a search of words', () => {
    searchStore.setState({ files: [buildListItem()], total: 1, currentPage: 1 });
    showList();
    expect(screen.queryByTestId('company-banner')).toBeNull();
  });

  it('says what else the keyword was searched as, and searches it as typed only on a click', () => {
    searchStore.setState({
      files: [buildListItem({ id: 'a' })],
      total: 1,
      currentPage: 1,
      loading: false,
      alsoSearched: [{ language: 'zh', terms: ['利率', '利率水平'] }],
    });
    const onOneLanguageChange = vi.fn();
    showList(null, vi.fn(), { onOneLanguageChange });
    expect(screen.getByTestId('also-searched').textContent).toContain('Also in Chinese: 利率, 利率水平');
    fireEvent.click(screen.getByTestId('also-searched-switch'));
    expect(onOneLanguageChange).toHaveBeenCalledWith(true);
  });

  it('offers both languages back when the keyword was searched as typed only', () => {
    searchStore.setState({ files: [buildListItem({ id: 'a' })], total: 1, currentPage: 1, loading: false });
    const onOneLanguageChange = vi.fn();
    showList(null, vi.fn(), { oneLanguage: true, onOneLanguageChange });
    expect(screen.getByTestId('also-searched').textContent).toContain('Searched as typed only');
    fireEvent.click(screen.getByTestId('also-searched-switch'));
    expect(onOneLanguageChange).toHaveBeenCalledWith(false);
  });
});
