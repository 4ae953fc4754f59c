import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { browserNavigation } from './browser-navigation';
import { FilesPage } from './files-page';
import { buildAdminFile, buildFileList } from './test-fixtures';
import { chooseOption, click, latestDialog, search } from './test-helpers';
import { PROCESSING_POLL_MS } from './use-processing-poll';

const LIST = '/api/manage/file/list';

// The first render of a console page loads much of antd: slow on a busy machine.
describe('files page', { timeout: 30_000 }, () => {
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetAdmin();
  });

  it('asks for the newest uploads first, with the admin token', async () => {
    const server = recordFetch({
      [LIST]: { body: buildFileList([buildAdminFile({ title: 'Rates outlook' })]) },
    });
    renderAdmin(<FilesPage />, '/admin/files');
    expect(await screen.findByText('Rates outlook')).toBeTruthy();
    const [call] = server.to(LIST);
    expect(call?.body).toEqual({ sort_by: 'upload_time', sort_order: 'desc', page_id: 1, page_length: 20 });
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('sends the filters the administrator chooses, from page 1', async () => {
    const file = buildAdminFile();
    const server = recordFetch({ [LIST]: { body: buildFileList([file]) } });
    renderAdmin(<FilesPage />, '/admin/files?page=2');
    await screen.findByText(file.title);

    await search('Title, file name, issuer or id', 'fed');
    await waitFor(() => expect(server.to(LIST).at(-1)?.body).toMatchObject({ keyword: 'fed', page_id: 1 }));
    await chooseOption('State', 'Failed');
    await chooseOption('DMCA', 'Taken down');
    await chooseOption('Visibility', 'Private');
    await search('Uploader (id or username)', 'ann');
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toEqual({
        keyword: 'fed',
        status: 'failed',
        dmca: 'taken_down',
        visibility: 'private',
        uploader: 'ann',
        sort_by: 'upload_time',
        sort_order: 'desc',
        page_id: 1,
        page_length: 20,
      }),
    );
  });

  it('sorts on the server by the column clicked and pages through the results', async () => {
    const files = [buildAdminFile(), buildAdminFile()];
    const server = recordFetch({ [LIST]: { body: buildFileList(files, { total_items: 45 }) } });
    renderAdmin(<FilesPage />, '/admin/files');
    await screen.findByText(files[0]!.title);

    await click(screen.getAllByText('Views')[0]!);
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toMatchObject({ sort_by: 'views', sort_order: 'asc', page_id: 1 }),
    );
    await click(screen.getAllByText('Views')[0]!);
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toMatchObject({ sort_by: 'views', sort_order: 'desc' }),
    );
    await click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toMatchObject({
        sort_by: 'views',
        sort_order: 'desc',
        page_id: 2,
      }),
    );
  });

  it('opens at the page, sort and filters of its URL', async () => {
    const server = recordFetch({ [LIST]: { body: buildFileList([buildAdminFile()]) } });
    renderAdmin(<FilesPage />, '/admin/files?page=3&sort=title&order=asc&status=processing&dmca=open');
    await waitFor(() =>
      expect(server.to(LIST)[0]?.body).toEqual({
        status: 'processing',
        dmca: 'open',
        sort_by: 'title',
        sort_order: 'asc',
        page_id: 3,
        page_length: 20,
      }),
    );
  });

  it('shows state, DMCA counts and the reason of a failed file', async () => {
    recordFetch({
      [LIST]: {
        body: buildFileList([
          buildAdminFile({ status: 'failed', fail_reason: 'The PDF has no text' }),
          buildAdminFile({ dmca_open: 2, taken_down_time: '2025-04-01T10:00:00Z' }),
        ]),
      },
    });
    renderAdmin(<FilesPage />, '/admin/files');
    expect(await screen.findByLabelText('Failed: The PDF has no text')).toBeTruthy();
    expect(screen.getByTestId('file-taken-down').textContent).toBe('Taken down');
    expect(screen.getByTestId('file-dmca-open').textContent).toContain('2');
  });

  it('polls while a file is processing and stops once it is ready', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let answers = 0;
    const server = recordFetch({
      [LIST]: () => {
        answers += 1;
        return {
          body: buildFileList([
            buildAdminFile({ id: 'f_poll', status: answers < 3 ? 'processing' : 'ready' }),
          ]),
        };
      },
    });
    renderAdmin(<FilesPage />, '/admin/files');
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.status).toBe('processing'));
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.status).toBe('ready'));
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3));
    expect(server.to(LIST)).toHaveLength(3);
  });

  it('deletes a file only after the confirmation', async () => {
    const file = buildAdminFile({ title: 'Rates outlook' });
    const server = recordFetch({
      [LIST]: { body: buildFileList([file]) },
      '/api/manage/file/delete': { body: { file_id: file.id, ok: true } },
    });
    renderAdmin(<FilesPage />, '/admin/files');
    await click(await screen.findByTestId('file-delete'));
    const dialog = await latestDialog();
    expect(dialog.textContent).toContain('“Rates outlook” is removed from the library');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.to('/api/manage/file/delete')).toHaveLength(0);

    await click(screen.getByTestId('file-delete'));
    await click(within(await latestDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.to('/api/manage/file/delete')).toHaveLength(1));
    expect(server.to('/api/manage/file/delete')[0]?.body).toEqual({ file_id: file.id });
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
  });

  it('downloads through a signed link', async () => {
    const file = buildAdminFile();
    const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => {});
    const url = `/api/manage/file/download_stream?file_id=${file.id}&sig=abc`;
    const server = recordFetch({
      [LIST]: { body: buildFileList([file]) },
      '/api/manage/file/download': { body: { download_url: url, expires_time: '2025-03-14T08:05:00Z' } },
    });
    renderAdmin(<FilesPage />, '/admin/files');
    await click(await screen.findByTestId('file-download'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(url));
    expect(server.to('/api/manage/file/download')[0]?.body).toEqual({ file_id: file.id });
  });
});
