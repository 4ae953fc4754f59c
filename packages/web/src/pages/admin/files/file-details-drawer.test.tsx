import type { AdminFileDownloadHistoryResponse } from '@rl/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { FilesPage } from './files-page';
import { buildAdminFile, buildAdminFileDetail, buildFileList } from './test-fixtures';
import { click } from './test-helpers';

const HISTORY = '/api/manage/file/download_history';

function history(page: number): AdminFileDownloadHistoryResponse {
  return {
    items: [
      { user_id: 'u_1', username: `reader-${page}`, ip: '10.0.0.1', downloaded_time: '2025-03-14T08:00:00Z' },
    ],
    total_items: 25,
    page_id: page,
    page_length: 10,
  };
}

describe('file details drawer', { timeout: 30_000 }, () => {
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('opens from the URL with the metadata and pages through the download history', async () => {
    const file = buildAdminFileDetail({ title: 'Rates outlook', authors: ['Ann Analyst'], downloads: 25 });
    const server = recordFetch({
      '/api/manage/file/list': { body: buildFileList([buildAdminFile()]) },
      '/api/manage/file/details': { body: { file } },
      [HISTORY]: (call) => ({ body: history(Number(call.body?.page_id)) }),
    });
    renderAdmin(<FilesPage />, `/admin/files?details=${file.id}`);
    const fields = await screen.findByTestId('file-details-fields');
    expect(within(fields).getByText('Ann Analyst')).toBeTruthy();
    expect(server.to('/api/manage/file/details')[0]?.body).toEqual({ file_id: file.id });
    expect(await screen.findByText('reader-1')).toBeTruthy();
    expect(server.to(HISTORY)[0]?.body).toEqual({ file_id: file.id, page_id: 1, page_length: 10 });

    const historyTable = screen.getByTestId('file-download-history');
    await click(within(historyTable).getByTitle('2'));
    expect(await screen.findByText('reader-2')).toBeTruthy();
    await waitFor(() =>
      expect(server.to(HISTORY).at(-1)?.body).toEqual({ file_id: file.id, page_id: 2, page_length: 10 }),
    );
  });
});
