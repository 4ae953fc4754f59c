import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../api/query-client';
import { click } from '../../../../components/auth-modal/auth-test-helpers';
import { followServer } from '../../../../components/follow/follow-test-server';
import { useUserStore } from '../../../../stores/user-store';
import { recordFetch } from '../../../../test/fetch-recorder';
import { i18n, loadLocale } from '../../../../locale/i18n';
import { buildFileInfo, buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { FileDetails } from './file-details';

describe('the viewer’s details of a report', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });

  const info = buildFileInfo({
    meta: {
      ...buildFileInfo().meta,
      author: ['Ann Analyst', 'Bo Chen'],
      author_registrations: { 'Ann Analyst': 'S0570516010001' },
      report_type: 'quantitative',
    },
  });

  it('names what the report is and the analysts with their registration numbers', () => {
    renderWithApp(<FileDetails info={info} views={3} />);
    const details = screen.getByTestId('file-details');
    expect(details.textContent).toContain('Report type');
    expect(details.textContent).toContain('Quantitative');
    expect(details.textContent).toContain('Ann Analyst (S0570516010001)');
    expect(details.textContent).toContain('Bo Chen');
    expect(details.textContent).not.toContain('Bo Chen (');
  });

  it('has a Follow button for each analyst, which follows the analyst by name', async () => {
    const server = recordFetch({
      '/api/follow/list': { body: { follows: [], limit: 5, used: 0 } },
      '/api/follow/add': {
        body: {
          follow: {
            follow_id: 'follow_00000000001',
            kind: 'analyst',
            key: 'bo chen',
            label: 'Bo Chen',
            search: null,
            paused: false,
            created_time: '2026-11-20T08:00:00Z',
          },
        },
      },
    });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    try {
      renderWithApp(<FileDetails info={info} views={3} />);
      const analysts = screen.getByTestId('analysts');
      expect(within(analysts).getByRole('button', { name: 'Follow Ann Analyst' })).toBeTruthy();
      const bo = within(analysts).getByRole('button', { name: 'Follow Bo Chen' });
      await waitFor(() => expect(bo.hasAttribute('disabled')).toBe(false));
      await click(bo);
      await waitFor(() => expect(server.to('/api/follow/add')).toHaveLength(1));
      expect(server.to('/api/follow/add')[0]?.body).toEqual({
        target: { kind: 'analyst', analyst: 'Bo Chen' },
        label: 'Bo Chen',
      });
    } finally {
      vi.unstubAllGlobals();
      queryClient.clear();
      useUserStore.setState({ token: null, user: null });
    }
  });

  it('says it in Chinese too', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<FileDetails info={info} views={3} />);
    const details = screen.getByTestId('file-details');
    expect(details.textContent).toContain('报告类型');
    expect(details.textContent).toContain('金融工程');
  });

  const covered = buildFileInfo({
    meta: {
      ...buildFileInfo().meta,
      sector: 'consumer_staples',
      stock_information: [
        {
          ticker: '600519.SH',
          company_name: 'Kweichow Moutai',
          rating: null,
          target_price: '2,100',
          rating_normalised: 'buy',
          rating_action: 'upgrade',
          previous_rating: 'Hold',
          target_price_value: 2100,
          currency: 'CNY',
          previous_target_price: 1800,
        },
      ],
    },
  });

  it('shows each company’s rating with its action, its target and the note’s sector, linked to its page', () => {
    renderWithApp(<FileDetails info={covered} views={1} />);
    expect(screen.getByTestId('stock-rating').textContent).toBe('Buy · Upgrade · from Hold');
    expect(screen.getByTestId('stock-target').textContent).toBe('Target 2,100 CNY (from 1,800)');
    expect(screen.getByTestId('company-link').getAttribute('href')).toBe('/home/company/600519.SH');
    expect(screen.getByTestId('file-details').textContent).toContain('Consumer staples');
  });

  it('follows the note’s sector from its line', async () => {
    const server = followServer();
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    try {
      renderWithApp(<FileDetails info={covered} views={1} />);
      const sector = await screen.findByRole('button', { name: 'Follow Consumer staples' });
      expect(sector.getAttribute('data-testid')).toBe('follow-sector');
      await waitFor(() => expect(sector.hasAttribute('disabled')).toBe(false));
      await click(sector);
      await screen.findByRole('button', { name: 'Following Consumer staples' });
      expect(server.to('/api/follow/add')[0]?.body).toEqual({
        target: { kind: 'sector', sector: 'consumer_staples' },
        label: 'Consumer staples',
      });
    } finally {
      vi.unstubAllGlobals();
      queryClient.clear();
      useUserStore.setState({ token: null, user: null });
    }
  });

  it('shows the printed rating and target when nothing was read from them', async () => {
    const printed = buildFileInfo({
      meta: {
        ...buildFileInfo().meta,
        sector: null,
        stock_information: [
          { ticker: null, company_name: 'Acme', rating: 'Accumulate', target_price: 'HK$12' },
        ],
      },
    });
    renderWithApp(<FileDetails info={printed} views={1} />);
    expect(screen.getByTestId('stock-rating').textContent).toBe('Accumulate');
    expect(screen.getByTestId('stock-target').textContent).toBe('Target HK$12');
    expect(screen.queryByTestId('company-link')).toBeNull();
    expect(screen.getByTestId('file-details').textContent).not.toContain('Sector');
  });

  it('labels the research in Chinese too', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<FileDetails info={covered} views={1} />);
    expect(screen.getByTestId('stock-rating').textContent).toContain('买入');
    expect(screen.getByTestId('stock-target').textContent).toContain('目标价');
  });

  const industry = buildFileInfo({
    meta: {
      ...buildFileInfo().meta,
      report_type: 'industry',
      sector: 'utilities',
      stock_information: [],
      industry_rating: { rating: '优于大势', rating_normalised: 'outperform', rating_action: 'maintain' },
      mentioned_companies: [
        { ticker: '600406.SH', company_name: 'NARI Technology', rating: 'Buy', target_price: null },
      ],
    },
  });

  it('shows an industry note’s view on its sector apart, and the companies it only mentions', () => {
    renderWithApp(<FileDetails info={industry} views={1} />);
    const details = screen.getByTestId('file-details');
    expect(details.textContent).toContain('Industry rating');
    expect(screen.getByTestId('industry-rating').textContent).toBe('Outperform (优于大势) · Maintain');
    expect(screen.queryByTestId('stocks')).toBeNull();
    const mentioned = screen.getByTestId('mentioned-companies');
    expect(mentioned.textContent).toContain('Companies mentioned');
    expect(mentioned.textContent).toContain('NARI Technology');
    expect(within(mentioned).getByTestId('company-link').getAttribute('href')).toBe(
      '/home/company/600406.SH',
    );
  });

  it('labels the industry view and the mentioned companies in Chinese too', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<FileDetails info={industry} views={1} />);
    expect(screen.getByTestId('file-details').textContent).toContain('行业评级');
    expect(screen.getByTestId('mentioned-companies').textContent).toContain('提及公司');
  });
});
