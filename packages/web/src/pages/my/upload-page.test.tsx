import { REGION_MESSAGE } from '@rl/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { click } from '../../components/auth-modal/auth-test-helpers';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useUserStore } from '../../stores/user-store';
import { recordFetch } from '../../test/fetch-recorder';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { PROCESSING_POLL_MS } from './upload/use-my-files';
import { buildMyFile, buildMyFiles } from './upload/test-fixtures';
import { UploadPage } from './upload-page';

function logIn(overrides: Parameters<typeof buildUserInfo>[0] = {}) {
  useUserStore.setState({ token: 'tok', user: buildUserInfo(overrides) });
}

/** Nothing may leave through XMLHttpRequest (the upload transport) unless a test allows it. */
function forbidXhr() {
  const open = vi.fn();
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = {};
      open = open;
    },
  );
  return open;
}

describe('upload page', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useAppSettingsStore.setState({ isChineseUser: false });
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false });
  });

  it('shows the region message to a user in mainland China, instead of the form', () => {
    logIn();
    useAppSettingsStore.setState({ isChineseUser: true });
    renderWithApp(<UploadPage />);
    expect(screen.getByTestId('region-notice').textContent).toContain(REGION_MESSAGE);
    expect(screen.queryByTestId('upload-input')).toBeNull();
  });

  it('shows no region message elsewhere', () => {
    renderWithApp(<UploadPage />);
    expect(screen.queryByTestId('region-notice')).toBeNull();
  });

  it('asks a visitor to log in', async () => {
    renderWithApp(<UploadPage />);
    expect(screen.queryByTestId('upload-input')).toBeNull();
    await click(screen.getByTestId('upload-login'));
    expect(useAuthModalStore.getState().visible).toBe(true);
  });

  it('says there are no uploads yet without an empty table', async () => {
    recordFetch({ '/api/file/myfiles': { body: buildMyFiles([]) } });
    logIn();
    renderWithApp(<UploadPage />);
    expect((await screen.findByTestId('myfiles-empty')).textContent).toContain('No uploads yet');
    expect(within(screen.getByTestId('myfiles')).queryByRole('table')).toBeNull();
  });

  it('submitting without a file says to choose one and sends nothing', async () => {
    const server = recordFetch({ '/api/file/myfiles': { body: buildMyFiles([]) } });
    const xhrOpen = forbidXhr();
    logIn();
    renderWithApp(<UploadPage />);
    expect(await screen.findByText('1 of 10 files')).toBeTruthy();
    await click(screen.getByTestId('upload-submit'));
    expect(await screen.findByText('Please choose a file first')).toBeTruthy();
    expect(xhrOpen).not.toHaveBeenCalled();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/file/myfiles']);
  });

  it('says before sending that a file is too large for the free plan', async () => {
    recordFetch({ '/api/file/myfiles': { body: buildMyFiles([]) } });
    const xhrOpen = forbidXhr();
    logIn();
    renderWithApp(<UploadPage />);
    await screen.findByText('1 of 10 files');
    const big = new File([new Uint8Array(4 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [big] } });
    });
    const problem = await screen.findByTestId('upload-problem');
    expect(problem.textContent).toContain('This file is 4 MiB; your plan accepts files up to 3 MiB.');
    expect(within(problem).getByText('See plans')).toBeTruthy();
    await click(screen.getByTestId('upload-submit'));
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it('polls while a file is processing and stops once it is ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let answers = 0;
    const server = recordFetch({
      '/api/file/myfiles': () => {
        answers += 1;
        const status = answers < 3 ? 'processing' : 'ready';
        return { body: buildMyFiles([buildMyFile({ id: 'up-poll', status })]) };
      },
    });
    logIn();
    renderWithApp(<UploadPage />);
    await vi.waitFor(() => expect(screen.getByTestId('myfile-row').dataset.status).toBe('processing'));
    expect(screen.getByText('Processing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    expect(server.to('/api/file/myfiles')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    await vi.waitFor(() => expect(screen.getByTestId('myfile-row').dataset.status).toBe('ready'));
    expect(server.to('/api/file/myfiles')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 5));
    expect(server.to('/api/file/myfiles')).toHaveLength(3);
  });

  it('shows the reason of a failed file, that it counts against the plan, and a delete button', async () => {
    recordFetch({
      '/api/file/myfiles': {
        body: buildMyFiles([buildMyFile({ status: 'failed', fail_reason: 'The PDF has no text' })]),
      },
    });
    logIn();
    renderWithApp(<UploadPage />);
    const row = await screen.findByTestId('myfile-row');
    expect(row.dataset.status).toBe('failed');
    expect(within(row).getByLabelText('Failed: The PDF has no text')).toBeTruthy();
    expect(within(row).getByTestId('myfile-fail-reason').textContent).toBe('The PDF has no text');
    expect(within(row).getByText('Counts against your plan until you delete it')).toBeTruthy();
    expect((within(row).getByTestId('myfile-open') as HTMLButtonElement).disabled).toBe(true);
    expect((within(row).getByTestId('myfile-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('deletes after a confirmation and toasts "Failed to delete file" when it fails', async () => {
    const file = buildMyFile({ title: 'Rates outlook' });
    const server = recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([file]) },
      '/api/file/myfiles/delete': { status: 500, body: { error_msg: 'Storage unavailable' } },
    });
    logIn();
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-delete'));
    expect(server.to('/api/file/myfiles/delete')).toHaveLength(0);
    expect(await screen.findByText('Delete “Rates outlook”? This cannot be undone.')).toBeTruthy();
    await click(screen.getByTestId('myfile-delete-confirm'));
    expect(await screen.findByText('Failed to delete file: Storage unavailable')).toBeTruthy();
    expect(server.to('/api/file/myfiles/delete')[0]?.body).toEqual({ file_id: file.id });
  });

  it('shows sizes, pages, dates and visibility with the user preferences; publishing needs the paid plan', async () => {
    recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([buildMyFile({ size_bytes: 1_500_000, page_count: 7 })]) },
    });
    logIn({
      settings: { ...buildUserInfo().settings, date_format: 'DD/MM/YYYY', measurement_unit: 'decimal' },
    });
    renderWithApp(<UploadPage />);
    const row = await screen.findByTestId('myfile-row');
    expect(within(row).getByText('1.5 MB')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('14/03/2025')).toBeTruthy();
    expect(within(row).getByText('Private')).toBeTruthy();
    expect((within(row).getByTestId('myfile-publish') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets a paid user publish a ready file', async () => {
    const file = buildMyFile();
    const server = recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([file]) },
      '/api/file/myfiles/publish': { body: { file: { ...file, visibility: 'public' } } },
    });
    logIn({ user_level: 'paid_v0', plan: 'paid_v0' });
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-publish'));
    // Publishing is confirmed first: nothing is sent until then.
    expect(await screen.findByText(/Every user will be able to find and read it/)).toBeTruthy();
    expect(server.to('/api/file/myfiles/publish')).toHaveLength(0);
    await click(screen.getByTestId('myfile-publish-confirm'));
    expect(await screen.findByText('Published to the library')).toBeTruthy();
    expect(server.to('/api/file/myfiles/publish')[0]?.body).toEqual({ file_id: file.id, publish: true });
    await waitFor(() => expect(server.to('/api/file/myfiles').length).toBeGreaterThan(1));
  });
});
