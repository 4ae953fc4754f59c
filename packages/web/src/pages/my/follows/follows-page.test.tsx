import type { Follow } from '@rl/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { i18n, loadLocale } from '../../../locale/i18n';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { FollowsPage } from './follows-page';

const tencent: Follow = {
  follow_id: 'follow_00000000001',
  kind: 'company',
  key: '0700.HK',
  label: 'Tencent',
  search: null,
  paused: false,
  created_time: '2026-11-20T08:00:00Z',
};
const copper: Follow = {
  follow_id: 'follow_00000000002',
  kind: 'search',
  key: 'copper',
  label: 'Copper',
  search: { keyword: 'copper', filter: { country: 'China' } },
  paused: true,
  created_time: '2026-11-19T08:00:00Z',
};

function followServer(start: Follow[], limit: number) {
  let follows = [...start];
  return recordFetch({
    '/api/follow/list': () => ({ body: { follows, limit, used: follows.length } }),
    '/api/follow/update': (call) => {
      const { follow_id, ...change } = call.body as { follow_id: string };
      follows = follows.map((f) => (f.follow_id === follow_id ? { ...f, ...change } : f));
      return { body: { follow: follows.find((f) => f.follow_id === follow_id) } };
    },
    '/api/follow/remove': (call) => {
      follows = follows.filter((f) => f.follow_id !== call.body?.follow_id);
      return { body: { ok: true } };
    },
  });
}

describe('the Following page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('lists my follows with what each follows and the plan’s limit', async () => {
    followServer([tencent, copper], 5);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<FollowsPage />);
    const rows = await screen.findAllByTestId('follow-item');
    expect(screen.getByTestId('follows-usage').textContent).toBe('2 of 5 follows used');
    expect(screen.queryByTestId('follows-over-limit')).toBeNull();
    const [company, search] = rows as [HTMLElement, HTMLElement];
    expect(within(company).getByTestId('follow-kind').textContent).toBe('Company');
    expect(within(company).getByTestId('follow-target').getAttribute('href')).toBe('/home/company/0700.HK');
    expect(within(search).getByTestId('follow-kind').textContent).toBe('Saved search');
    expect(within(search).getByTestId('follow-target').textContent).toBe('“copper” · 1 filter');
    expect(within(search).getByTestId('follow-target').getAttribute('href')).toBe(
      '/home/file?q=copper&country=China',
    );
    expect(within(search).getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('says that follows kept beyond the limit stay, and that new ones need room', async () => {
    followServer([tencent, copper], 1);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<FollowsPage />);
    await screen.findAllByTestId('follow-item');
    expect(screen.getByTestId('follows-usage').textContent).toBe('2 of 1 follows used');
    expect(screen.getByTestId('follows-over-limit').textContent).toBe(
      'You keep them all; remove some to follow anything new.',
    );
  });

  it('offers no rename for a broker, which keeps its name', async () => {
    const broker: Follow = {
      ...tencent,
      follow_id: 'follow_00000000003',
      kind: 'issuer',
      key: 'alpha securities',
      label: 'Alpha Securities',
    };
    followServer([broker, copper], 5);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<FollowsPage />);
    const [issuer, search] = (await screen.findAllByTestId('follow-item')) as [HTMLElement, HTMLElement];
    expect(within(issuer).queryByTestId('follow-rename')).toBeNull();
    expect(within(search).getByTestId('follow-rename')).toBeTruthy();
  });

  it('renames, resumes and removes a follow', { timeout: 30_000 }, async () => {
    const server = followServer([tencent, copper], -1);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<FollowsPage />);
    const [company, search] = (await screen.findAllByTestId('follow-item')) as [HTMLElement, HTMLElement];
    expect(screen.getByTestId('follows-usage').textContent).toBe('Following 2, no limit');

    await click(within(company).getByTestId('follow-rename'));
    fireEvent.change(within(company).getByTestId('follow-rename-input'), { target: { value: 'Tencent HK' } });
    await click(within(company).getByTestId('follow-rename-save'));
    await waitFor(() => expect(within(company).getByTestId('follow-label').textContent).toBe('Tencent HK'));

    await click(within(search).getByRole('switch'));
    await waitFor(() => expect(within(search).getByRole('switch').getAttribute('aria-checked')).toBe('true'));

    await click(within(company).getByTestId('follow-remove'));
    const confirm = (await screen.findByText('Stop following “Tencent HK”?')).closest('.ant-popconfirm');
    await click(within(confirm as HTMLElement).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('follow-item')).toHaveLength(1));
    expect(server.to('/api/follow/update').map((call) => call.body)).toEqual([
      { follow_id: 'follow_00000000001', label: 'Tencent HK' },
      { follow_id: 'follow_00000000002', paused: false },
    ]);
    expect(server.to('/api/follow/remove')[0]?.body).toEqual({ follow_id: 'follow_00000000001' });
  });

  it('says so when I follow nothing, in Chinese too', async () => {
    followServer([], 5);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<FollowsPage />);
    expect((await screen.findByTestId('follows-empty')).textContent).toContain('您还没有关注任何内容');
    expect(screen.getByTestId('follows-usage').textContent).toBe('已关注 0 / 5 项');
  });
});
