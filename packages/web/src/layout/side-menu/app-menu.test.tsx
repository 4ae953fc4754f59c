import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { useUserStore } from '../../stores/user-store';
import { recordFetch } from '../../test/fetch-recorder';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { AppMenu } from './app-menu';

const UNREAD = '/api/inbox/unread';

describe('the menu’s Inbox and Following', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
  });

  it('shows the unread count of a logged-in user’s inbox', async () => {
    const server = recordFetch({ [UNREAD]: { body: { unread: 3 } } });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<AppMenu mode="inline" />, '/my/inbox');
    const badge = await screen.findByTestId('inbox-badge');
    expect(badge.textContent).toContain('3 unread reports');
    expect(badge.closest('li')?.textContent).toContain('Inbox');
    expect(screen.getByText('Following')).toBeTruthy();
    expect(server.to(UNREAD)[0]?.body).toEqual({});
  });

  it('shows no badge when everything is read', async () => {
    const server = recordFetch({ [UNREAD]: { body: { unread: 0 } } });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<AppMenu mode="inline" />);
    await waitFor(() => expect(server.to(UNREAD)).toHaveLength(1));
    expect(screen.getByText('Inbox')).toBeTruthy();
    expect(screen.queryByTestId('inbox-badge')).toBeNull();
  });

  it('asks nothing for a visitor', async () => {
    const server = recordFetch({ [UNREAD]: { body: { unread: 3 } } });
    renderWithApp(<AppMenu mode="inline" />);
    expect(await screen.findByText('Inbox')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.to(UNREAD)).toHaveLength(0);
    expect(screen.queryByTestId('inbox-badge')).toBeNull();
  });
});
