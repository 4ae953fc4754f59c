import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../test/fetch-recorder';
import { renderWithApp } from '../../test/render';
import { queryClient } from '../../api/query-client';
import QuotaLeftInScope from './quota-left';

/** A screen that spends a search at each click. */
function SearchScreen() {
  const [searches, setSearches] = useState(0);
  return (
    <>
      <button onClick={() => setSearches((n) => n + 1)}>Search</button>
      <QuotaLeftInScope kinds={['search', 'chat']} spent={searches} />
    </>
  );
}

describe('what is left of a quota, where it is spent', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('says what is left, asks again when one may have been spent, and says nothing of unlimited ones', async () => {
    let searches = 12;
    const server = recordFetch({
      '/api/user/quota': () => ({ body: { search_quota: searches, chat_quota: -1 } }),
    });
    renderWithApp(<SearchScreen />);
    expect((await screen.findByTestId('quota-left')).textContent).toBe('Searches left: 12');

    searches = 0;
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(screen.getByTestId('quota-left').textContent).toBe('Searches left: 0'));
    expect(server.to('/api/user/quota').length).toBe(2);
    expect(screen.getByText('Searches left: 0').className).toContain('rl-quota-left--spent');
  });

  it("says what is left of the day's and the month's downloads, each", async () => {
    recordFetch({
      '/api/user/quota': {
        body: { download_quota: 0, download_day_quota: 0, download_month_quota: 92 },
      },
    });
    renderWithApp(<QuotaLeftInScope kinds={['download']} />);
    await waitFor(() =>
      expect(screen.getByTestId('quota-left').textContent).toBe(
        "Today's downloads left: 0This month's downloads left: 92",
      ),
    );
    expect(screen.getByText("Today's downloads left: 0").className).toContain('rl-quota-left--spent');
  });

  it('shows nothing when every quota asked for is unlimited', async () => {
    const server = recordFetch({ '/api/user/quota': { body: { chat_quota: -1 } } });
    renderWithApp(<QuotaLeftInScope kinds={['chat']} />);
    await waitFor(() => expect(server.to('/api/user/quota').length).toBe(1));
    expect(screen.queryByTestId('quota-left')).toBeNull();
  });
});
