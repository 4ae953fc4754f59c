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
  title: `Rates outlook ${i}`,
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
    const link = await within(table).findByRole('link', { name: 'Rates outlook 100' });
    expect(link.getAttribute('href')).toBe('/home/file?file=file_00000000100');
    expect(within(table).getByText('3 MiB')).toBeTruthy();
    expect(server.to(HISTORY)[0]?.body).toEqual({ page_id: 1, page_length: 20 });
    await click(screen.getByTitle('2'));
    await waitFor(() => expect(server.to(HISTORY).at(-1)?.body).toEqual({ page_id: 2, page_length: 20 }));
    expect(await within(table).findByText('Rates outlook 200')).toBeTruthy();
  });

  it('writes the times in the user’s date format; a report gone from the library keeps its file name', async () => {
    const gone = { ...record(300), title: null };
    recordFetch({
      [HISTORY]: { body: { items: [record(100), gone], total_items: 2, page_id: 1, page_length: 20 } },
    });
    const user = buildUserInfo();
    useUserStore.setState({
      token: 't',
      user: { ...user, settings: { ...user.settings, date_format: 'DD/MM/YYYY' } },
    });
    renderWithApp(<DownloadsPage />);
    const table = await screen.findByTestId('downloads-table');
    await within(table).findByRole('link', { name: 'Rates outlook 100' });
    const day = new Date('2026-11-20T08:00:00Z');
    const expected = `${String(day.getDate()).padStart(2, '0')}/11/2026`;
    expect(within(table).getAllByText(new RegExp(`^${expected} \\d\\d:\\d\\d$`)).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('link', { name: 'Report 300.pdf' })).toBeNull();
    expect(within(table).getByText('Report 300.pdf')).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    recordFetch({ [HISTORY]: { body: { items: [], total_items: 0, page_id: 1, page_length: 20 } } });
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<DownloadsPage />);
    expect(await screen.findByText('No downloads yet', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
