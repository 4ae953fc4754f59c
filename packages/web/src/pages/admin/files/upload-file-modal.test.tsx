import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { FilesPage } from './files-page';
import { buildAdminFile, buildAdminFileDetail, buildFileList } from './test-fixtures';
import { click, latestDialog } from './test-helpers';

const LIST = '/api/manage/file/list';

/** XMLHttpRequest as the upload uses it: the test sees the request and answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress?: (event: { loaded: number; total: number }) => void } = {};
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  getResponseHeader() {
    return null;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const pdf = (name: string) => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

async function choose(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

describe('upload to the library', { timeout: 30_000 }, () => {
  beforeEach(() => {
    loginAdmin();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('sends the PDF and its name with progress; the new file shows as processing', async () => {
    let uploaded = false;
    const added = buildAdminFile({ title: 'Q1 outlook', status: 'processing' });
    const server = recordFetch({
      [LIST]: () => ({ body: buildFileList(uploaded ? [added] : []) }),
    });
    renderAdmin(<FilesPage />, '/admin/files');
    await click(await screen.findByTestId('files-upload'));
    const dialog = await latestDialog();
    await choose(dialog, pdf('q1.pdf'));
    const name = within(dialog).getByLabelText('File name') as HTMLInputElement;
    expect(name.value).toBe('q1.pdf');
    fireEvent.change(name, { target: { value: 'Q1 outlook.pdf' } });
    await click(within(dialog).getByRole('button', { name: 'Upload' }));

    const [xhr] = FakeXhr.sent;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/manage/file/upload');
    expect(xhr?.headers.authorization).toBe('Bearer admin-token');
    expect(xhr?.body?.get('file_name')).toBe('Q1 outlook.pdf');
    expect((xhr?.body?.get('file') as File).name).toBe('q1.pdf');

    act(() => xhr?.upload.onprogress?.({ loaded: 6, total: 12 }));
    expect(within(dialog).getByTestId('upload-progress').textContent).toContain('50%');

    uploaded = true;
    act(() => xhr?.answer(200, { file: buildAdminFileDetail({ ...added }) }));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.status).toBe('processing'));
    expect(screen.getByText('Q1 outlook')).toBeTruthy();
    expect(server.to(LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file that is not a PDF and sends nothing', async () => {
    recordFetch({ [LIST]: { body: buildFileList([]) } });
    renderAdmin(<FilesPage />, '/admin/files');
    await click(await screen.findByTestId('files-upload'));
    const dialog = await latestDialog();
    await choose(dialog, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByTestId('upload-problem').textContent).toContain(
      'Only PDF files can be uploaded',
    );
    await click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByTestId('upload-problem').textContent).toContain(
      'Please choose a PDF file first',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the server message when the upload is refused', async () => {
    recordFetch({ [LIST]: { body: buildFileList([]) } });
    renderAdmin(<FilesPage />, '/admin/files');
    await click(await screen.findByTestId('files-upload'));
    const dialog = await latestDialog();
    await choose(dialog, pdf('broken.pdf'));
    await click(within(dialog).getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.sent[0]?.answer(400, { error_msg: 'The file is not a valid PDF' }));
    expect((await within(dialog).findByTestId('upload-problem')).textContent).toContain(
      'The file is not a valid PDF',
    );
  });
});
