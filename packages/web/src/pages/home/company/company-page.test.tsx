import type { BrokerView, CompanyDetailResponse, FileListItem, SearchResponse } from '@rl/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { applyLocale, loadLocale } from '../../../locale/i18n';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { APP_ROUTES } from '../../../router/routes';
import { useAppSettingsStore } from '../../../stores/app-settings-store';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch, type RecordedCall } from '../../../test/fetch-recorder';
import { renderRoutes } from '../../../test/render';
import { fakeWindowWidth } from '../../../test/window-width';
import { CompanyPage } from './company-page';

const DETAIL = '/api/company/detail';
const SEARCH = '/api/file/search';

function view(overrides: Partial<BrokerView>): BrokerView {
  return {
    file_id: 'file_00000000001',
    title: 'A note',
    issuer: 'Acme Securities',
    publish_date: '2026-03-02',
    language: 'en',
    rating: null,
    rating_normalised: null,
    rating_action: null,
    previous_rating: null,
    target_price: null,
    currency: 'CNY',
    previous_target_price: null,
    ...overrides,
  };
}

const CITIC_OLD = view({
  file_id: 'file_00000000001',
  title: '贵州茅台：首次覆盖',
  issuer: 'CITIC Securities',
  publish_date: '2026-01-10',
  language: 'zh',
  rating: '增持',
  rating_normalised: 'outperform',
  rating_action: 'initiate',
  target_price: 1800,
});
const CITIC_NEW = view({
  file_id: 'file_00000000002',
  title: '贵州茅台：上调评级',
  issuer: 'CITIC Securities',
  publish_date: '2026-03-02',
  language: 'zh',
  rating: '买入',
  rating_normalised: 'buy',
  rating_action: 'upgrade',
  previous_rating: '增持',
  target_price: 2100,
  previous_target_price: 1800,
});
const MS = view({
  file_id: 'file_00000000003',
  title: 'Moutai: trimming the target',
  issuer: 'Morgan Stanley',
  publish_date: '2026-02-20',
  rating: 'Equal-weight',
  rating_normalised: 'hold',
  rating_action: 'downgrade',
  previous_rating: 'Overweight',
  target_price: 1650,
});

const DETAIL_ANSWER: CompanyDetailResponse = {
  company: {
    ticker: '600519.SH',
    name: 'Kweichow Moutai',
    names: ['Kweichow Moutai', '贵州茅台'],
    report_count: 3,
    exchange: 'SH',
    sector: 'consumer_staples',
  },
  latest_views: [CITIC_NEW, MS],
  history: [CITIC_OLD, MS, CITIC_NEW],
  rating_distribution: { buy: 1, outperform: 0, hold: 1, underperform: 0, sell: 0 },
};

function listItem(i: number, overrides: Partial<FileListItem> = {}): FileListItem {
  return {
    id: `file_${String(100 + i).padStart(11, '0')}`,
    file_name: `note-${i}.pdf`,
    title: `Moutai note ${i}`,
    issuer: 'CITIC Securities',
    author: ['Li Wei'],
    tags: [],
    language: i % 2 ? 'zh' : 'en',
    page_count: 8,
    publish_date: '2026-03-02',
    asset_class: 'Equities',
    country: 'China',
    report_type: 'company',
    sector: 'consumer_staples',
    research: null,
    snippet: '',
    ...overrides,
  };
}

/** Pages of `total` notes, 20 a page, as the server answers the company's search. */
function searchAnswer(total: number) {
  return (call: RecordedCall) => {
    const page = Number(call.body?.page_id ?? 1);
    const from = (page - 1) * 20;
    const count = Math.max(0, Math.min(20, total - from));
    const answer: SearchResponse = {
      file_list: Array.from({ length: count }, (_, i) => listItem(from + i + 1)),
      total_items: total,
      page_id: page,
      page_length: 20,
      sorting: 'date_desc',
    };
    return { body: answer };
  };
}

const PAGE_ROUTES = [
  { path: '/home/company/:ticker', element: <CompanyPage /> },
  { path: '/home/file', element: <div data-testid="search-page" /> },
];

/** The header names the ticker while loading, the company once the detail is in. */
const companyShown = () =>
  waitFor(() => expect(screen.getByTestId('company-name').textContent).toBe('Kweichow Moutai'));

describe('the company page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false, reason: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    act(() => useAppSettingsStore.getState().setLanguage('en-US'));
  });

  it('shows the company, each broker’s latest view, the rating counts and its notes, newest first', async () => {
    const server = recordFetch({ [DETAIL]: { body: DETAIL_ANSWER }, [SEARCH]: searchAnswer(3) });
    renderRoutes(PAGE_ROUTES, '/home/company/600519.SH');

    await companyShown();
    const page = screen.getByTestId('company-page');
    expect(page.textContent).toContain('600519.SH');
    expect(page.textContent).toContain('Consumer staples');
    expect(page.textContent).toContain('3 notes');
    expect(page.textContent).toContain('Also printed as 贵州茅台');
    expect(server.to(DETAIL)[0]?.body).toEqual({ ticker: '600519.SH' });

    const rows = within(screen.getByTestId('broker-views')).getAllByTestId('broker-view');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^CITIC SecuritiesBuy \(买入\)Upgrade · from 增持2,100 CNYpreviously 1,800 CNY.*贵州茅台：上调评级$/,
      ),
      expect.stringMatching(
        /^Morgan StanleyHold \(Equal-weight\)Downgrade · from Overweight1,650 CNY.*Moutai: trimming the target$/,
      ),
    ]);
    const reportLink = within(rows[1]!).getByRole('link', { name: 'Moutai: trimming the target' });
    expect(reportLink.getAttribute('href')).toBe('/home/company/600519.SH?file=file_00000000003');

    const distribution = screen.getByTestId('rating-distribution');
    expect(distribution.textContent).toContain('Latest ratings of 2 brokers');
    expect(distribution.textContent).toContain('Buy: 1');
    expect(distribution.textContent).toContain('Hold: 1');
    expect(distribution.textContent).toContain('Sell: 0');

    const items = await within(screen.getByTestId('company-reports')).findAllByTestId('result-item');
    expect(items).toHaveLength(3);
    expect(items[0]!.getAttribute('href')).toBe('/home/company/600519.SH?file=file_00000000101');
    expect(server.to(SEARCH)[0]?.body).toMatchObject({
      keyword: '',
      filter: { ticker: '600519.SH' },
      page_id: 1,
      sorting: 'date_desc',
    });
    expect(screen.getByTestId('company-reports').textContent).toContain('3 notes, newest first');
    expect(screen.getByTestId('results-end')).toBeTruthy();

    await click(screen.getByTestId('company-back'));
    expect(await screen.findByTestId('search-page')).toBeTruthy();
  });

  it('loads the next page of notes on request', async () => {
    const server = recordFetch({ [DETAIL]: { body: DETAIL_ANSWER }, [SEARCH]: searchAnswer(25) });
    renderRoutes(PAGE_ROUTES, '/home/company/600519.SH');
    const reports = await screen.findByTestId('company-reports');
    await waitFor(() => expect(within(reports).getAllByTestId('result-item')).toHaveLength(20));
    await click(within(reports).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(reports).getAllByTestId('result-item')).toHaveLength(25));
    expect(server.to(SEARCH).map((call) => call.body?.page_id)).toEqual([1, 2]);
    expect(screen.getByTestId('results-end')).toBeTruthy();
  });

  it('says no note covers a company the library does not know, in place', async () => {
    const server = recordFetch({
      [DETAIL]: { status: 404, body: { error_msg: 'No note covers 999999.SH', code: 'not_found' } },
      [SEARCH]: searchAnswer(0),
    });
    const { router } = renderRoutes(PAGE_ROUTES, '/home/company/999999.SH');
    const empty = await screen.findByTestId('company-not-found');
    expect(empty.textContent).toContain('No notes cover this company');
    expect(empty.textContent).toContain('999999.SH');
    expect(router.state.location.pathname).toBe('/home/company/999999.SH');
    expect(screen.queryByTestId('broker-views')).toBeNull();
    expect(server.to(DETAIL)).toHaveLength(1);
  });

  it('does not ask the server about a path that is no ticker', async () => {
    const server = recordFetch({ [SEARCH]: searchAnswer(0) });
    renderRoutes(PAGE_ROUTES, `/home/company/${encodeURIComponent('<b>')}`);
    expect((await screen.findByTestId('company-not-found')).textContent).toContain(
      'No notes cover this company',
    );
    expect(server.to(DETAIL)).toHaveLength(0);
  });

  it('shows a failure with a retry that asks again', async () => {
    let fail = true;
    const server = recordFetch({
      [DETAIL]: () =>
        fail ? { status: 500, body: { error_msg: 'The database is down' } } : { body: DETAIL_ANSWER },
      [SEARCH]: searchAnswer(1),
    });
    renderRoutes(PAGE_ROUTES, '/home/company/600519.SH');
    const error = await screen.findByTestId('company-error');
    expect(error.textContent).toContain('The company could not be loaded');
    fail = false;
    await click(within(error).getByRole('button', { name: 'Retry' }));
    await companyShown();
    expect(server.to(DETAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('moves a ticker typed another way to the canonical address', async () => {
    recordFetch({ [DETAIL]: { body: DETAIL_ANSWER }, [SEARCH]: searchAnswer(1) });
    const { router } = renderRoutes(PAGE_ROUTES, '/home/company/600519');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/company/600519.SH'));
  });

  it('speaks Chinese, and a phone gets one card per broker', async () => {
    const width = fakeWindowWidth(390);
    try {
      act(() => useAppSettingsStore.getState().setLanguage('zh-CN'));
      await loadLocale('zh-CN');
      await act(async () => applyLocale('zh-CN'));
      recordFetch({ [DETAIL]: { body: DETAIL_ANSWER }, [SEARCH]: searchAnswer(2) });
      renderRoutes(PAGE_ROUTES, '/home/company/600519.SH');
      const cards = await screen.findAllByTestId('broker-view');
      expect(cards[0]!.tagName).toBe('LI');
      expect(cards[0]!.textContent).toContain('买入');
      expect(cards[0]!.textContent).toContain('上调 · 原为增持');
      expect(cards[0]!.textContent).toContain('原目标价 1,800 CNY');
      const page = screen.getByTestId('company-page');
      expect(page.textContent).toContain('各券商最新观点');
      expect(page.textContent).toContain('食品饮料');
      expect(screen.getByTestId('rating-distribution').textContent).toContain('中性：1');
    } finally {
      width.restore();
      await act(async () => applyLocale('en-US'));
    }
  });

  it('is open to visitors in the app’s routes, like the search page', async () => {
    recordFetch({ [DETAIL]: { body: DETAIL_ANSWER }, [SEARCH]: searchAnswer(1) });
    const { router } = renderRoutes(APP_ROUTES, '/home/company/600519.SH');
    await companyShown();
    expect(router.state.location.pathname).toBe('/home/company/600519.SH');
    expect(useAuthModalStore.getState().visible).toBe(false);
    await waitFor(() => expect(document.title).toContain('Kweichow Moutai (600519.SH)'));
  });
});
