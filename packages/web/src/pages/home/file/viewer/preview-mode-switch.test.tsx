import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../../test/fetch-recorder';
import { buildFileInfo, buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { resetSiteStore } from '../../../../stores/site-store';
import { useUserStore } from '../../../../stores/user-store';
import { viewerStore } from '../../../../stores/viewer-store';
import { PreviewModeSwitch } from './preview-mode-switch';

const site = (translation_available: boolean) => ({
  body: { deploy_variant: 'global', icp_license: null, translation_available },
});
const option = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('preview mode switch', () => {
  beforeEach(() => {
    resetSiteStore();
    useUserStore.getState().setSession('token', buildUserInfo());
    viewerStore.getState().loadFile(buildFileInfo(), false);
  });
  afterEach(() => {
    viewerStore.getState().closeFile();
    vi.unstubAllGlobals();
  });

  it('disables the Chinese modes and says why when no translation service is configured', async () => {
    const http = recordFetch({ '/api/pub/site': site(false) });
    renderWithApp(<PreviewModeSwitch />);
    await waitFor(() => expect(option('Chinese').disabled).toBe(true));
    expect(option('English / Chinese').disabled).toBe(true);
    expect(option('English').disabled).toBe(false);
    fireEvent.mouseEnter(screen.getByTestId('preview-mode-unavailable'));
    expect(await screen.findByText(/No translation service is configured/)).toBeTruthy();
    expect(http.to('/api/file/translate/query')).toHaveLength(0);
  });

  it('Chinese before the translation starts it and says so once per report', async () => {
    const http = recordFetch({
      '/api/pub/site': site(true),
      '/api/file/translate/query': {
        body: { task_status: 'pending', progress: 0, encrypted_file_url: null },
      },
    });
    renderWithApp(<PreviewModeSwitch />);
    await waitFor(() => expect(http.to('/api/pub/site')).toHaveLength(1));
    fireEvent.click(option('Chinese'));
    expect(await screen.findAllByText(/opens by itself once the translation is finished/)).toHaveLength(1);
    await waitFor(() => expect(http.to('/api/file/translate/query').length).toBeGreaterThan(0));
    expect(viewerStore.getState()).toMatchObject({ previewMode: 'en', chineseWanted: true });
    // Asked again: the same toast is not shown a second time.
    act(() => {
      for (const el of document.querySelectorAll('.ant-message-notice')) el.remove();
    });
    fireEvent.click(option('Chinese'));
    expect(option('English').checked).toBe(true);
    expect(screen.queryByText(/opens by itself once the translation is finished/)).toBeNull();
  });
});
