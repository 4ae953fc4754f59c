import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { DownloadsPage } from './downloads-page';

const HISTORY = '/api/file/download_history';
const record = (i: number) => ({
  file_id: `file_${String(i).padStart(11, '0')}`,
  file_name: `Report ${i}.pdf`,
  size_bytes: 3 * 1024 * 1024,
  downloaded_time: `2026-11-${String(20 - (i % 10)).padStart(2, '0')}T08:00:00Z`,
});

describe('my downloads page', () => {
  beforeEach(() => useAuthModalStore.setState({ visible: false, reason: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const server = recordFetch({});
    useUserStore.setState({ token: null, user: null });
    renderWithApp(<DownloadsPage />);
    await click(await screen.findByTestId('downloads-login'));
    expect(useAuthModalStore.getState()).toMatchObject({
      visible: true,
      reason: 'library.downloads.requiresLogin',
    });
    expect(server.to(HISTORY)).toHaveLength(0);
  });

  it('lists my downloads with links to the reports, sizes in the user’s units, and pages', async () => {
    const server = recordFetch({
      [HISTORY]: (call) => ({
        body: {
          items: [record(Number(call.body?.page_id) * 100)],
          total_items: 21,
          page_id: call.body?.page_id,
          page_length: 20,
        },
      }),
    });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<DownloadsPage />);
    const table = await screen.findByTestId('downloads-table');
    const link = await within(table).findByRole('link', { name: 'Report 100.pdf' });
    expect(link.getAttribute('href')).toBe('/home/file?file=file_00000000100');
    expect(within(table).getByText('3 MiB')).toBeTruthy();
    expect(server.to(HISTORY)[0]?.body).toEqual({ page_id: 1, page_length: 20 });
    await click(screen.getByTitle('2'));
    await waitFor(() => expect(server.to(HISTORY).at(-1)?.body).toEqual({ page_id: 2, page_length: 20 }));
    expect(await within(table).findByText('Report 200.pdf')).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    recordFetch({ [HISTORY]: { body: { items: [], total_items: 0, page_id: 1, page_length: 20 } } });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<DownloadsPage />);
    expect(await screen.findByText('No downloads yet', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
