import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AFFIX_TAB, useTabBarStore } from '../../stores/tab-bar-store';
import { renderRoutes } from '../../test/render';
import { TabBar } from './tab-bar';

const routes = [
  { path: '/home/file', element: <TabBar />, handle: { name: 'File' } },
  { path: '/my/upload', element: <TabBar />, handle: { name: 'Upload' } },
];

afterEach(() => useTabBarStore.getState().reset());

describe('the tab bar', () => {
  it("leads to a tab's last path when clicked", async () => {
    useTabBarStore.setState({
      tabs: [
        { ...AFFIX_TAB, fullPath: '/home/file?q=outlook' },
        { title: 'menu.my.upload', name: 'Upload', fullPath: '/my/upload', query: {}, ignoreCache: false },
      ],
    });
    const { router } = renderRoutes(routes, '/my/upload');
    fireEvent.click(await screen.findByText('File'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=outlook'));
    expect(router.state.location.pathname).toBe('/home/file');
  });

  it('leads there even when the clicked tab is still the active one', async () => {
    // The page switched but the tab bar has not caught up: File is active, its path is newer.
    useTabBarStore.setState({ tabs: [{ ...AFFIX_TAB, fullPath: '/home/file?q=outlook' }] });
    const { router } = renderRoutes(routes, '/home/file');
    fireEvent.click(await screen.findByText('File'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=outlook'));
  });

  it('closes a tab with its close button and leads to the previous tab when it was active', async () => {
    useTabBarStore.setState({
      tabs: [
        { ...AFFIX_TAB, fullPath: '/home/file?q=outlook' },
        { title: 'menu.my.upload', name: 'Upload', fullPath: '/my/upload', query: {}, ignoreCache: false },
      ],
    });
    const { router } = renderRoutes(routes, '/my/upload');
    const upload = (await screen.findByText('Upload')).closest('[data-testid="tab"]');
    expect(upload?.getAttribute('data-active')).toBe('true');
    expect(screen.getAllByTestId('tab-close')).toHaveLength(1); // the File tab stays
    fireEvent.click(screen.getByTestId('tab-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/file'));
    expect(useTabBarStore.getState().tabs.map((tab) => tab.name)).toEqual(['File']);
  });
});
