import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogueHandler } from '../../api/catalogue-handler';
import type { CatalogueAction } from '../../api/error-catalogue';
import { queryClient } from '../../api/query-client';
import { i18n, loadLocale } from '../../locale/i18n';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useUserStore } from '../../stores/user-store';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { click } from '../auth-modal/auth-test-helpers';
import { FollowButton } from './follow-button';
import { followServer, TENCENT } from './follow-test-server';
import { SaveSearchButton } from './save-search-button';

describe('the Follow button', () => {
  beforeEach(() => useAuthModalStore.setState({ visible: false, reason: null }));
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('follows and stops following a company, from my follows', { timeout: 20_000 }, async () => {
    const server = followServer();
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<FollowButton target={{ kind: 'company', ticker: '0700.HK' }} name="Tencent" />);
    const button = await screen.findByRole('button', { name: 'Follow Tencent' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(server.to('/api/follow/list')).toHaveLength(1);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Follow');

    await click(button);
    const following = await screen.findByRole('button', { name: 'Following Tencent' });
    await waitFor(() => expect(following.textContent).toBe('Following'));
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(server.to('/api/follow/add')[0]?.body).toEqual({
      target: { kind: 'company', ticker: '0700.HK' },
      label: 'Tencent',
    });
    // The list is asked again after the change.
    await waitFor(() => expect(server.to('/api/follow/list')).toHaveLength(2));

    await click(following);
    await screen.findByRole('button', { name: 'Follow Tencent' });
    expect(server.to('/api/follow/remove')[0]?.body).toEqual({ follow_id: 'follow_00000000002' });
  });

  it('shows a follow there is as Following, in Chinese too', async () => {
    followServer([TENCENT]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<FollowButton target={{ kind: 'company', ticker: '0700.HK' }} name="腾讯" />);
    const button = await screen.findByRole('button', { name: '已关注腾讯' });
    expect(button.textContent).toBe('已关注');
  });

  it('shows a broker named in traditional characters as Following: the server keys it simplified', async () => {
    // The server folds a name's traditional characters to simplified when it keys a follow.
    followServer([{ ...TENCENT, follow_id: 'f2', kind: 'issuer', key: '国泰君安证券', label: '国泰君安' }]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<FollowButton target={{ kind: 'issuer', issuer: '國泰君安證券' }} name="國泰君安證券" />);
    const button = await screen.findByRole('button', { name: 'Following 國泰君安證券' });
    expect(button.textContent).toBe('Following');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const server = followServer();
    renderWithApp(<FollowButton target={{ kind: 'issuer', issuer: 'Acme Research' }} name="Acme Research" />);
    await click(screen.getByRole('button', { name: 'Follow Acme Research' }));
    expect(useAuthModalStore.getState()).toMatchObject({ visible: true, reason: 'follows.requiresLogin' });
    expect(server.calls).toHaveLength(0);
  });

  it('opens the plans with the follows wall over the plan’s limit', async () => {
    followServer([TENCENT], 1);
    const actions: CatalogueAction[] = [];
    const unregister = registerCatalogueHandler((action) => actions.push(action));
    try {
      useUserStore.setState({ token: 't', user: buildUserInfo() });
      renderWithApp(<FollowButton target={{ kind: 'company', ticker: '9988.HK' }} name="Alibaba" />);
      const button = await screen.findByRole('button', { name: 'Follow Alibaba' });
      await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
      await click(button);
      await waitFor(() => expect(actions).toHaveLength(1));
      expect(actions[0]).toMatchObject({
        kind: 'openSubscription',
        wall: { reason: 'follows', limit: 1, used: 1 },
      });
      expect(await screen.findByRole('button', { name: 'Follow Alibaba' })).toBeTruthy();
    } finally {
      unregister();
    }
  });
});

describe('Save this search', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
  });

  it('follows the search under the name typed, the keyword by default', async () => {
    const server = followServer();
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<SaveSearchButton search={{ keyword: 'copper', filter: { country: 'China' } }} />);
    await click(screen.getByTestId('save-search'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name of the search');
    expect((name as HTMLInputElement).value).toBe('copper');
    fireEvent.change(name, { target: { value: 'Copper in China' } });
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('/api/follow/add')).toHaveLength(1));
    expect(server.to('/api/follow/add')[0]?.body).toEqual({
      target: { kind: 'search', search: { keyword: 'copper', filter: { country: 'China' } } },
      label: 'Copper in China',
    });
    expect(await screen.findByTestId('save-search-done')).toBeTruthy();
  });

  it('cannot save nothing, and asks a visitor to log in', async () => {
    useAuthModalStore.setState({ visible: false, reason: null });
    const { unmount } = renderWithApp(<SaveSearchButton search={{ keyword: '', filter: {} }} disabled />);
    expect(screen.getByTestId('save-search').hasAttribute('disabled')).toBe(true);
    unmount();
    renderWithApp(<SaveSearchButton search={{ keyword: 'zinc', filter: {} }} />);
    await click(screen.getByTestId('save-search'));
    expect(useAuthModalStore.getState()).toMatchObject({
      visible: true,
      reason: 'follows.saveSearch.requiresLogin',
    });
  });
});
