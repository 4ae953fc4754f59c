import { readFileSync } from 'node:fs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../../stores/user-store';
import { recordFetch } from '../../../../test/fetch-recorder';
import { buildFileInfo, buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { fakeWindowWidth } from '../../../../test/window-width';
import { FileViewer } from './file-viewer';

// pdf.js needs a browser's canvas: the layout around it is what is checked here.
vi.mock('../../../../components/pdf-viewer/pdfjs-setup', () => ({ warmPdfWorker: () => undefined }));
vi.mock('../../../../components/pdf-viewer/pdf-viewer', () => ({ PdfViewer: () => null }));

const FILE_ID = 'f'.repeat(24);
const info = buildFileInfo({ id: FILE_ID });

/** The antd class names a stylesheet of the viewer reaches into. */
function antdClassesOf(file: string): string[] {
  const css = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...new Set(css.match(/\.ant-[a-z-]+/g) ?? [])].map((selector) => selector.slice(1));
}

describe("the viewer's side panel in a wide window", () => {
  let window1440: ReturnType<typeof fakeWindowWidth>;

  beforeEach(() => {
    window1440 = fakeWindowWidth(1440);
    useUserStore.setState({ token: 'token', user: buildUserInfo() });
    recordFetch({
      '/api/file/file_detail': { body: { file_info: info, starred: false } },
      '/api/dialog/history': { body: { messages: [] } },
    });
  });

  afterEach(() => {
    window1440.restore();
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
  });

  it('holds the chat in a pane that fills the tabs’ scrolling body, so its input stays at the bottom', async () => {
    renderWithApp(<FileViewer fileId={FILE_ID} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Chat' }, { timeout: 15_000 }));
    const chat = await screen.findByTestId('chat-panel');
    const pane = chat.parentElement!;
    expect(pane.classList).toContain('rl-viewer__tab-content');
    expect(pane.classList).toContain('rl-viewer__tab-content--fill');
    expect(pane.parentElement!.classList).toContain('rl-viewer__tab-body');
    expect(pane.closest('.rl-viewer__side')).not.toBeNull();
    // The summary and the details keep their own height, and scroll in the same body.
    fireEvent.click(screen.getByRole('tab', { name: 'Summary' }));
    const summary = await screen.findByTestId('summary-panel');
    expect(summary.closest('.rl-viewer__tab-content')?.classList).not.toContain(
      'rl-viewer__tab-content--fill',
    );
  });

  it('names in its CSS only the antd classes antd renders (antd 6 renamed the tabs’ and its rules matched nothing)', async () => {
    const { container } = renderWithApp(<FileViewer fileId={FILE_ID} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await screen.findByTestId('chat-panel');
    const named = [...antdClassesOf('./viewer.css'), ...antdClassesOf('../chat/chat.css')];
    expect(named.length).toBeGreaterThan(0);
    await waitFor(() => {
      const missing = named.filter((name) => container.getElementsByClassName(name).length === 0);
      expect(missing).toEqual([]);
    });
  });
});
