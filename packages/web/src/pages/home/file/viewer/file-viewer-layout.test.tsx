import { readFileSync } from 'node:fs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** The viewer's stylesheets in the document (tests load no CSS by themselves), to compute styles. */
function withStylesheets(...files: string[]): HTMLStyleElement {
  const element = document.createElement('style');
  element.textContent = files.map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n');
  document.head.append(element);
  return element;
}

const style = (element: Element) => getComputedStyle(element);

/**
 * The selectors of a stylesheet's rules that reach into antd's markup (name an antd class), each
 * of a list on its own, without the states and parts no element matches by itself (:hover, ::after).
 */
function antdSelectorsOf(...files: string[]): string[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(files.map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n'));
  const selectors = [...sheet.cssRules]
    .flatMap((rule) => (rule instanceof CSSStyleRule ? rule.selectorText.split(',') : []))
    .map((selector) => selector.replace(/::?(hover|focus|focus-visible|active|before|after)\b/g, '').trim())
    .filter((selector) => /\.ant-/.test(selector));
  return [...new Set(selectors)];
}

describe("the viewer's layout", { timeout: 30_000 }, () => {
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
    const styles = withStylesheets('./viewer.css', '../chat/chat.css');
    try {
      renderWithApp(<FileViewer fileId={FILE_ID} onClose={() => {}} />);
      fireEvent.click(await screen.findByRole('tab', { name: 'Chat' }, { timeout: 15_000 }));
      const chat = await screen.findByTestId('chat-panel');
      // The chat is the Chat tab's panel, beside the report (its side panel, a complementary region).
      const tabPanel = screen.getByRole('tabpanel', { name: 'Chat' });
      expect(tabPanel.contains(chat)).toBe(true);
      expect(screen.getByRole('complementary').contains(tabPanel)).toBe(true);
      // Its question box comes after the messages, last in the panel.
      const question = within(chat).getByRole('textbox');
      const messages = chat.querySelector('[aria-live="polite"]')!;
      expect(messages.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      // The tabs' body scrolls and lays its pane out in a column; the chat's pane takes all of it
      // and the chat all of its pane, so the question box sits at the bottom.
      const pane = chat.parentElement!;
      const body = pane.parentElement!;
      expect(style(body)).toMatchObject({ overflowY: 'auto', display: 'flex', flexDirection: 'column' });
      expect(style(pane)).toMatchObject({ flexGrow: '1', minHeight: '0px' });
      expect(style(chat)).toMatchObject({ display: 'flex', flexDirection: 'column', height: '100%' });
      expect(style(messages as HTMLElement)).toMatchObject({ flexGrow: '1', overflowY: 'auto' });

      // The summary and the details keep their own height, and scroll in the same body.
      fireEvent.click(screen.getByRole('tab', { name: 'Summary' }));
      const summary = await screen.findByTestId('summary-panel');
      const summaryPane = [...body.children].find((child) => child.contains(summary)) as HTMLElement;
      expect(style(summaryPane).flexGrow).not.toBe('1');
    } finally {
      styles.remove();
    }
  });

  it('styles antd’s markup only with rules that reach it, wide and narrow (antd 6 renamed the tabs’ and its rules matched nothing)', async () => {
    const selectors = antdSelectorsOf('./viewer.css', '../chat/chat.css');
    expect(selectors.length).toBeGreaterThan(0);
    const unmatched = new Set(selectors);
    const note = () => {
      for (const selector of unmatched) if (document.querySelector(selector)) unmatched.delete(selector);
    };
    const wide = renderWithApp(<FileViewer fileId={FILE_ID} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await screen.findByTestId('chat-panel');
    note();
    wide.unmount();
    // A phone's width: the panes stack under tabs of their own.
    window1440.restore();
    window1440 = fakeWindowWidth(390);
    renderWithApp(<FileViewer fileId={FILE_ID} onClose={() => {}} />);
    await screen.findByTestId('viewer-pane-tabs');
    await waitFor(() => {
      note();
      expect([...unmatched]).toEqual([]);
    });
  });
});
