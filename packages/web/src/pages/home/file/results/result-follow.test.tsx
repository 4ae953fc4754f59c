import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogueHandler } from '../../../../api/catalogue-handler';
import type { CatalogueAction } from '../../../../api/error-catalogue';
import { queryClient } from '../../../../api/query-client';
import { click } from '../../../../components/auth-modal/auth-test-helpers';
import { followServer, TENCENT } from '../../../../components/follow/follow-test-server';
import { i18n, loadLocale } from '../../../../locale/i18n';
import { useUserStore } from '../../../../stores/user-store';
import { buildListItem, buildUserInfo } from '../../../../test/fixtures';
import { renderRoutes } from '../../../../test/render';
import { ResultItem } from './result-item';

const note = buildListItem({
  id: 'note',
  issuer: 'Daiwa',
  research: {
    ticker: '0700.HK',
    company_name: 'Tencent Holdings',
    rating: 'Buy',
    rating_normalised: 'buy',
    rating_action: 'maintain',
    previous_rating: null,
    target_price: 725,
    currency: 'HKD',
    previous_target_price: null,
  },
});
const macro = buildListItem({ id: 'macro', issuer: 'Acme Research', research: null });

/** The two rows on a search page; the router tells whether a click opened a report. */
function renderRows() {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <ResultItem item={note} search="?file=note" selected={false} />
            <ResultItem item={macro} search="?file=macro" selected={false} />
          </>
        ),
      },
    ],
    '/home/file?q=tencent',
  );
}

const row = (id: string) => document.querySelector(`[data-file-id="${id}"]`)!;
const logIn = () => useUserStore.setState({ token: 't', user: buildUserInfo() });

describe('following from the result list', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
    await act(() => i18n.changeLanguage('en-US'));
  });

  it(
    'follows a company note’s company and its broker from the row, without opening the report',
    { timeout: 20_000 },
    async () => {
      const server = followServer();
      logIn();
      const { router } = renderRows();
      const company = await screen.findByRole('button', { name: 'Follow Tencent Holdings' });
      await waitFor(() => expect(company.hasAttribute('disabled')).toBe(false));
      expect(row('note').contains(company)).toBe(true);
      expect(company.getAttribute('data-testid')).toBe('result-follow-company');
      // A note on no company offers neither.
      expect(row('macro').querySelector('[data-testid^="result-follow"]')).toBeNull();

      await click(company);
      await screen.findByRole('button', { name: 'Following Tencent Holdings' });
      expect(server.to('/api/follow/add')[0]?.body).toEqual({
        target: { kind: 'company', ticker: '0700.HK' },
        label: 'Tencent Holdings',
      });
      expect(router.state.location.search).toBe('?q=tencent');

      await click(screen.getByRole('button', { name: 'Follow Daiwa' }));
      const broker = await screen.findByRole('button', { name: 'Following Daiwa' });
      expect(broker.getAttribute('data-testid')).toBe('result-follow-issuer');
      expect(server.to('/api/follow/add')[1]?.body).toEqual({
        target: { kind: 'issuer', issuer: 'Daiwa' },
        label: 'Daiwa',
      });
      expect(router.state.location.search).toBe('?q=tencent');

      // The rest of the row still opens the report.
      await click(row('note').querySelector('h2')!);
      expect(router.state.location.search).toBe('?file=note');
    },
  );

  it('shows a visitor no toggle and calls nothing', () => {
    const server = followServer();
    renderRows();
    expect(screen.getAllByTestId('result-item')).toHaveLength(2);
    expect(document.querySelector('[data-testid^="result-follow"]')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('shows what I follow as followed, in Chinese too', async () => {
    followServer([TENCENT]);
    logIn();
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderRows();
    const company = await screen.findByRole('button', { name: '已关注Tencent Holdings' });
    expect(company.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '关注Daiwa' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('opens the plans with the follows wall over the plan’s limit, and stays unfollowed', async () => {
    followServer([TENCENT], 1);
    const actions: CatalogueAction[] = [];
    const unregister = registerCatalogueHandler((action) => actions.push(action));
    try {
      logIn();
      const { router } = renderRows();
      const broker = await screen.findByRole('button', { name: 'Follow Daiwa' });
      await waitFor(() => expect(broker.hasAttribute('disabled')).toBe(false));
      await click(broker);
      await waitFor(() => expect(actions).toHaveLength(1));
      expect(actions[0]).toMatchObject({
        kind: 'openSubscription',
        wall: { reason: 'follows', limit: 1, used: 1 },
      });
      expect((await screen.findByRole('button', { name: 'Follow Daiwa' })).getAttribute('aria-pressed')).toBe(
        'false',
      );
      expect(router.state.location.search).toBe('?q=tencent');
    } finally {
      unregister();
    }
  });
});
