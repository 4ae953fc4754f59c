import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryScope } from '../../../../api/query-scope';
import { EMPTY_CRITERIA } from '../../../../stores/search-criteria';
import { renderWithApp, stubFetch } from '../../../../test/render';
import { ResearchFilters } from './research-filters';

const facets = {
  rating: [
    { value: 'buy', count: 7 },
    { value: 'hold', count: 2 },
  ],
  rating_action: [{ value: 'upgrade', count: 3 }],
  report_type: [{ value: 'company', count: 9 }],
  sector: [{ value: 'consumer_staples', count: 4 }],
};

describe('the research filters', () => {
  beforeEach(() => vi.stubGlobal('fetch', stubFetch({ '/api/file/facets': facets })));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each value with its count in the search and greys the values no match carries', async () => {
    const patch = vi.fn();
    renderWithApp(
      <QueryScope>
        <ResearchFilters criteria={EMPTY_CRITERIA} patch={patch} />
      </QueryScope>,
    );
    fireEvent.mouseDown(
      screen.getByTestId('filter-rating').querySelector('.ant-select-selector') ??
        screen.getByTestId('filter-rating'),
    );
    const buy = await screen.findByTitle('Buy', {}, { timeout: 10_000 });
    await waitFor(() => expect(buy.textContent).toContain('7'), { timeout: 10_000 });
    const sell = screen.getByTitle('Sell');
    expect(sell.getAttribute('aria-disabled') ?? sell.className).toMatch(/true|disabled/);
    fireEvent.click(buy);
    expect(patch).toHaveBeenCalledWith({ rating: ['buy'] });
  });
});
