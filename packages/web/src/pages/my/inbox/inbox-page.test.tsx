import type { InboxItem } from '@rl/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { i18n, loadLocale } from '../../../locale/i18n';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildListItem, buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { InboxPage } from './inbox-page';

const LIST = '/api/inbox/list';
const READ = '/api/inbox/read';

const tencentNote: InboxItem = {
  ...buildListItem({
    id: 'file_00000000001',
    title: 'Tencent: games recover',
    issuer: 'Acme Research',
    report_type: 'company',
    research: {
      ticker: '0700.HK',
      company_name: 'Tencent',
      rating: 'Buy',
      rating_normalised: 'buy',
      rating_action: 'upgrade',
      previous_rating: 'Hold',
      target_price: 520,
      previous_target_price: 450,
      currency: 'HKD',
    },
  }),
  reasons: [
    { follow_id: 'follow_00000000001', kind: 'company', label: 'Tencent' },
    { follow_id: 'follow_00000000002', kind: 'search', label: 'copper' },
  ],
  arrived_time: '2026-11-21T08:00:00Z',
  read: false,
};
const copperNote: InboxItem = {
  ...buildListItem({ id: 'file_00000000002', title: 'Copper: tight into 2027' }),
  reasons: [{ follow_id: 'follow_00000000002', kind: 'search', label: 'copper' }],
  arrived_time: '2026-11-20T08:00:00Z',
  read: true,
};

/** An inbox that keeps what is read. */
function inboxServer(items: InboxItem[]) {
  let rows = items.map((item) => ({ ...item }));
  const unread = () => rows.filter((row) => !row.read).length;
  return recordFetch({
    [LIST]: (call) => {
      const shown = call.body?.unread_only ? rows.filter((row) => !row.read) : rows;
      return {
        body: { items: shown, unread: unread(), total_items: shown.length, page_id: 1, page_length: 20 },
      };
    },
    [READ]: (call) => {
      const ids = (call.body?.file_ids as string[] | undefined) ?? [];
      rows = rows.map((row) => (call.body?.all || ids.includes(row.id) ? { ...row, read: true } : row));
      return { body: { unread: unread() } };
    },
    '/api/inbox/unread': () => ({ body: { unread: unread() } }),
  });
}

describe('my inbox', () => {
  beforeEach(() => useAuthModalStore.setState({ visible: false, reason: null }));
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const server = recordFetch({});
    renderWithApp(<InboxPage />);
    await click(await screen.findByTestId('inbox-login'));
    expect(useAuthModalStore.getState()).toMatchObject({
      visible: true,
      reason: 'follows.inbox.requiresLogin',
    });
    expect(server.calls).toHaveLength(0);
  });

  it('lists new reports newest first with why they came, the note’s view, and the unread ones marked', async () => {
    const server = inboxServer([tencentNote, copperNote]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<InboxPage />);
    const rows = await screen.findAllByTestId('inbox-item');
    expect(rows.map((row) => row.getAttribute('data-file-id'))).toEqual([
      'file_00000000001',
      'file_00000000002',
    ]);
    expect(server.to(LIST)[0]?.body).toEqual({ page_id: 1, page_length: 20, unread_only: false });
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(
      within(first)
        .getAllByTestId('inbox-reason')
        .map((tag) => tag.textContent),
    ).toEqual(['Following: Tencent', 'Saved search: copper']);
    expect(within(second).getByTestId('inbox-reason').textContent).toBe('Saved search: copper');
    expect(first.getAttribute('data-unread')).toBe('true');
    expect(second.getAttribute('data-unread')).toBe('false');
    expect(within(first).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(first).getByTestId('result-rating').textContent).toContain('Buy');
    expect(within(first).getByTestId('result-target').textContent).toContain('520');
    const link = within(first).getByRole('link', { name: /Tencent: games recover/ });
    expect(link.getAttribute('href')).toBe('/home/file?file=file_00000000001');
  });

  it('marks a report read as it is opened, and not one already read', async () => {
    const server = inboxServer([tencentNote, copperNote]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<InboxPage />, '/my/inbox');
    const [first, second] = (await screen.findAllByTestId('inbox-item')) as [HTMLElement, HTMLElement];
    await click(within(second).getByTestId('open-button'));
    expect(server.to(READ)).toHaveLength(0);
    await click(within(first).getByRole('link', { name: /Tencent: games recover/ }));
    await waitFor(() => expect(server.to(READ)).toHaveLength(1));
    expect(server.to(READ)[0]?.body).toEqual({ file_ids: ['file_00000000001'] });
  });

  it('marks all read, and says it in Chinese', async () => {
    const server = inboxServer([tencentNote, copperNote]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<InboxPage />);
    const [first] = (await screen.findAllByTestId('inbox-item')) as [HTMLElement];
    expect(
      within(first)
        .getAllByTestId('inbox-reason')
        .map((tag) => tag.textContent),
    ).toEqual(['关注：Tencent', '已存搜索：copper']);
    const markAll = screen.getByRole('button', { name: /全部标为已读/ });
    await waitFor(() => expect(markAll.hasAttribute('disabled')).toBe(false));
    await click(markAll);
    await waitFor(() => expect(server.to(READ)[0]?.body).toEqual({ all: true }));
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-item')[0]?.getAttribute('data-unread')).toBe('false'),
    );
    expect(markAll.hasAttribute('disabled')).toBe(true);
  });

  it('says so when nothing came yet', async () => {
    inboxServer([]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<InboxPage />);
    expect((await screen.findByTestId('inbox-empty')).textContent).toContain('No new reports yet');
  });
});
