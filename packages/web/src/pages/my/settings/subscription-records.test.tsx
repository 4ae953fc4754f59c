import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { QueryScope } from '../../../api/query-scope';
import { applyInterfaceLocale } from '../../../locale/switch-locale';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { monthsBought, SubscriptionRecords } from './subscription-records';

const year = {
  id: 'r12',
  // The stored name is English whatever the reader's language: the page names the item itself.
  item_name: 'Institutional plan, 12 months (demo)',
  plan: 'paid_v0' as const,
  price_cny: 8400,
  purchase_time: '2026-11-21T10:00:00.000Z',
  expire_time: '2027-11-21T10:00:00.000Z',
};

describe('subscription records', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('counts the months bought', () => {
    expect(monthsBought(year)).toBe(12);
    expect(monthsBought({ purchase_time: '2025-03-04T10:00:00Z', expire_time: '2025-04-04T10:00:00Z' })).toBe(
      1,
    );
    expect(monthsBought({ purchase_time: '2025-03-04T10:00:00Z', expire_time: null })).toBeNull();
  });

  it('names the item and the amount paid for the period, in both languages', async () => {
    recordFetch({ '/api/user/subscriptions': { body: { records: [year] } } });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(
      <QueryScope>
        <SubscriptionRecords />
      </QueryScope>,
    );
    const table = await screen.findByTestId('subscription-records');
    expect(await within(table).findByText('Institutional plan, 12 months')).toBeTruthy();
    expect(within(table).getByText('¥8,400 in total')).toBeTruthy();
    try {
      await act(() => applyInterfaceLocale('zh-CN'));
      expect(await within(table).findByText('共 ¥8,400')).toBeTruthy();
      expect(within(table).queryByText(/12 months|\/ 月/)).toBeNull();
      expect(within(table).getByText(/，12 个月$/)).toBeTruthy();
    } finally {
      await act(() => applyInterfaceLocale('en-US'));
    }
  }, 30_000);
});
