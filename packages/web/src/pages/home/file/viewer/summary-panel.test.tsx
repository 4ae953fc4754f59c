import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileDetailResponse, FileInfo } from '@rl/contract';
import { registerCatalogueHandler } from '../../../../api/catalogue-handler';
import type { CatalogueAction } from '../../../../api/error-catalogue';
import { fileKeys } from '../../../../api/files-api';
import { queryClient } from '../../../../api/query-client';
import { QueryScope } from '../../../../api/query-scope';
import { click } from '../../../../components/auth-modal/auth-test-helpers';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { useUserStore } from '../../../../stores/user-store';
import { recordFetch } from '../../../../test/fetch-recorder';
import { buildFileInfo, buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { SummaryPanel } from './summary-panel';

const unsummarised = () => {
  const info = buildFileInfo({ multi_language_summary: {} });
  info.meta.summary = '';
  info.meta.summary_compact = '';
  return info;
};

const renderPanel = (info: FileInfo) =>
  renderWithApp(
    <QueryScope>
      <SummaryPanel info={info} />
    </QueryScope>,
  );

describe('summary panel without a summary', () => {
  beforeEach(() => useAuthModalStore.setState({ visible: false }));
  afterEach(() => {
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
  });

  it('asks a visitor to log in before summarising', async () => {
    const server = recordFetch({});
    renderPanel(unsummarised());
    await click(screen.getByTestId('summary-request'));
    expect(useAuthModalStore.getState()).toMatchObject({
      visible: true,
      reason: 'viewer.summary.requiresLogin',
    });
    expect(server.to('/api/file/summary')).toHaveLength(0);
  });

  it('asks the server for the summary, and says so when the report has no prose', async () => {
    const server = recordFetch({
      '/api/file/summary': {
        body: {
          summary: '',
          summary_compact: '',
          multi_language_summary: {},
          summary_kind: 'extractive',
          cached: false,
        },
      },
    });
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    const info = unsummarised();
    renderPanel(info);
    expect(screen.getByTestId('summary-empty').textContent).toContain('counts one use of your summary quota');
    await click(screen.getByTestId('summary-request'));
    await waitFor(() =>
      expect(screen.getByTestId('summary-empty').textContent).toContain(
        'This report has no prose to summarise.',
      ),
    );
    expect(server.to('/api/file/summary').map((c) => c.body)).toEqual([{ file_id: info.id }]);
    expect(screen.queryByTestId('summary-request')).toBeNull();
  });

  it('writes the summary it gets into the file detail', async () => {
    recordFetch({
      '/api/file/summary': {
        body: {
          summary: 'Rates fall. Inflation cools.',
          summary_compact: 'Rates fall.',
          multi_language_summary: { 'zh-hans': '利率下降。' },
          summary_kind: 'abstractive',
          cached: false,
        },
      },
    });
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    const info = unsummarised();
    queryClient.setQueryData<FileDetailResponse>(fileKeys.detail(info.id), {
      file_info: info,
      starred: false,
    });
    renderPanel(info);
    await click(screen.getByTestId('summary-request'));
    await waitFor(() =>
      expect(queryClient.getQueryData<FileDetailResponse>(fileKeys.detail(info.id))?.file_info).toMatchObject(
        {
          meta: { summary: 'Rates fall. Inflation cools.', summary_compact: 'Rates fall.' },
          multi_language_summary: { 'zh-hans': '利率下降。' },
        },
      ),
    );
    queryClient.removeQueries({ queryKey: fileKeys.detail(info.id) });
  });

  it('leaves a spent quota to the plans dialog', async () => {
    recordFetch({
      '/api/file/summary': {
        status: 403,
        body: { error_msg: 'Your monthly summary quota (20) is used up.', code: 'quota_exceeded' },
      },
    });
    const actions: CatalogueAction[] = [];
    const unregister = registerCatalogueHandler((action) => actions.push(action));
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    renderPanel(unsummarised());
    await click(screen.getByTestId('summary-request'));
    await waitFor(() => expect(actions.map((a) => a.kind)).toEqual(['openSubscription']));
    expect(screen.getByTestId('summary-request')).toBeTruthy();
    unregister();
  });

  it('offers nothing while the report is processing', () => {
    recordFetch({});
    renderPanel({ ...unsummarised(), status: 'processing' });
    expect(screen.getByTestId('summary-empty').textContent).toContain('The summary is being prepared');
    expect(screen.queryByTestId('summary-request')).toBeNull();
  });
});
