import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthModalStore } from '../stores/auth-modal-store';
import { useUserStore } from '../stores/user-store';
import { buildSearchResponse } from '../test/fixtures';
import { renderRoutes, stubFetch } from '../test/render';
import { APP_ROUTES } from './routes';

describe('routes and guards in the app', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/file/search': buildSearchResponse(3, 3),
        '/api/file/allstars': { file_list: [], issuers: [], total_items: 0, page_id: 1, page_length: 20 },
      }),
    );
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false, reason: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('redirects / to /home/file and shows the results', async () => {
    const { router } = renderRoutes(APP_ROUTES, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/file'));
    await waitFor(() => expect(screen.getAllByTestId('result-item')).toHaveLength(3));
    expect(screen.getByTestId('navbar')).toBeTruthy();
    expect(screen.getByTestId('tab-bar').textContent).toContain('File');
  });

  it('sends a visitor from /subscription to File and opens the login dialog', async () => {
    const { router } = renderRoutes(APP_ROUTES, '/subscription');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/file'));
    expect(useAuthModalStore.getState()).toMatchObject({
      visible: true,
      reason: 'login.reason.requiresLogin',
    });
  });

  it('lets a logged-in user open /subscription, and /redirect/{path} leads on', async () => {
    useUserStore.setState({ token: 'token' });
    const { router } = renderRoutes(APP_ROUTES, '/subscription');
    await waitFor(() =>
      expect(screen.getByTestId('subscription-page').textContent).toContain('Institutional plan'),
    );
    await act(() => router.navigate('/redirect/my/bookmarks?x=1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/bookmarks'));
    expect(router.state.location.search).toBe('?x=1');
    await act(() => router.navigate('/redirect//evil.example/path'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/evil.example/path'));
  });

  it('shows Page not found for any other path', async () => {
    renderRoutes(APP_ROUTES, '/no/such/page');
    await waitFor(() => expect(screen.getByTestId('not-found-page').textContent).toContain('Page not found'));
  });
});
