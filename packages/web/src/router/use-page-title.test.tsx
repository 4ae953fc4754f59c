import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user-store';
import { buildSearchResponse } from '../test/fixtures';
import { renderRoutes, stubFetch } from '../test/render';
import { i18n, loadLocale } from '../locale/i18n';
import { APP_ROUTES } from './routes';
import { composePageTitle, usePageTitleDetail } from './use-page-title';

function Detail({ title }: { title: string }) {
  usePageTitleDetail(title);
  return <p>{title}</p>;
}

describe('page title', () => {
  it('names the most specific part first and leaves out empty parts', () => {
    expect(composePageTitle(['Q3 outlook', 'File'], 'Research Library')).toBe(
      'Q3 outlook · File · Research Library',
    );
    expect(composePageTitle([null, ' ', 'Upload'], 'Research Library')).toBe('Upload · Research Library');
  });

  describe('in the app', () => {
    beforeEach(() => {
      vi.stubGlobal(
        'fetch',
        stubFetch({
          '/api/file/search': buildSearchResponse(3, 3),
          '/api/file/allstars': { file_list: [], issuers: [], total_items: 0, page_id: 1, page_length: 20 },
        }),
      );
      useUserStore.setState({ token: 'token', user: null });
    });
    afterEach(async () => {
      vi.unstubAllGlobals();
      await act(() => i18n.changeLanguage('en-US'));
    });

    it('names the route, in the chosen language, and follows navigation', async () => {
      const { router } = renderRoutes(APP_ROUTES, '/subscription');
      await waitFor(() => expect(document.title).toBe('Subscription · Research Library'));
      await act(() => router.navigate('/my/bookmarks'));
      await waitFor(() => expect(document.title).toMatch(/^\S.* · Research Library$/));
      expect(document.title).not.toBe('Subscription · Research Library');
      await loadLocale('zh-CN');
      await act(() => i18n.changeLanguage('zh-CN'));
      await waitFor(() => expect(document.title).toContain(i18n.t('app.title')));
      expect(document.title).not.toContain('Research Library');
    }, 30_000);

    it('puts what the page names (the report read) before the route', async () => {
      const routes: RouteObject[] = [
        {
          path: '/',
          element: APP_ROUTES[1]!.element,
          children: [{ path: 'x', handle: { name: 'File' }, element: <Detail title="Q3 outlook" /> }],
        },
      ];
      renderRoutes(routes, '/x');
      await screen.findByText('Q3 outlook');
      await waitFor(() => expect(document.title).toBe('Q3 outlook · File · Research Library'));
    });
  });
});
