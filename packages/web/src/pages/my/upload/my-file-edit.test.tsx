import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { i18n, loadLocale } from '../../../locale/i18n';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { UploadPage } from '../upload-page';
import { buildMyFile, buildMyFiles } from './test-fixtures';

const EDIT = '/api/file/myfiles/edit';

/** The edit dialog of My uploads: the title and publish date read from the first page, corrected. */
describe('editing an upload’s title and date', { timeout: 20_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
    await act(() => i18n.changeLanguage('en-US'));
  });

  const form = () => screen.getByTestId('myfile-edit-form');
  const titleInput = () => screen.getByTestId('myfile-edit-title') as HTMLInputElement;
  const save = () => click(screen.getByRole('button', { name: /save/i }));

  it('opens with the file’s title and date, sends the change and closes', async () => {
    const file = buildMyFile({ title: 'Scanned from page one', publish_date: '2023-05-05' });
    const server = recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([file]) },
      [EDIT]: { body: { file: { ...file, title: 'PepsiCo 8-K, May 2023' } } },
    });
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-edit'));
    expect(await screen.findByText('Correct the details')).toBeTruthy();
    expect(titleInput().value).toBe('Scanned from page one');
    expect((within(form()).getByRole('textbox', { name: 'Publish date' }) as HTMLInputElement).value).toBe(
      '2023-05-05',
    );
    fireEvent.change(titleInput(), { target: { value: '  PepsiCo 8-K, May 2023 ' } });
    await save();
    expect(await screen.findByText('Details saved')).toBeTruthy();
    expect(server.to(EDIT).map((c) => c.body)).toEqual([
      { file_id: file.id, document_title: 'PepsiCo 8-K, May 2023', publish_date: '2023-05-05' },
    ]);
    await waitFor(() => expect(server.to('/api/file/myfiles').length).toBeGreaterThan(1));
    // The dialog closes (jsdom runs no animation: it stays in its leaving state).
    await waitFor(() => expect(screen.getByRole('dialog').className).toContain('ant-zoom-leave'));
  });

  it('adds a company and a sector to an upload', async () => {
    const file = buildMyFile({ stock_information: [], sector: null });
    const server = recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([file]) },
      [EDIT]: { body: { file } },
    });
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-edit'));
    await screen.findByText('Correct the details');
    expect(within(form()).getByText('No company is recorded for this report.')).toBeTruthy();
    await click(within(form()).getByTestId('company-add'));
    await save();
    expect(await within(form()).findByText('Enter the ticker')).toBeTruthy();
    expect(server.to(EDIT)).toHaveLength(0);
    fireEvent.change(within(form()).getByLabelText('Ticker'), { target: { value: 'aapl.us' } });
    fireEvent.change(within(form()).getByLabelText('Company name'), { target: { value: 'Apple' } });
    await save();
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toMatchObject({
      file_id: file.id,
      stock_information: [{ ticker: 'AAPL.US', company_name: 'Apple', rating: null, currency: null }],
    });
    expect(server.to(EDIT)[0]?.body).not.toHaveProperty('sector');
  });

  it('sends a cleared date as null', async () => {
    const file = buildMyFile({ publish_date: '2023-05-05' });
    const server = recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([file]) },
      [EDIT]: { body: { file: { ...file, publish_date: null } } },
    });
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-edit'));
    await screen.findByText('Correct the details');
    await click(form().querySelector<HTMLElement>('.ant-picker-clear')!);
    await save();
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({
      file_id: file.id,
      document_title: file.title,
      publish_date: null,
    });
  });

  it('asks for a title and sends nothing without one, or with one too long', async () => {
    const server = recordFetch({ '/api/file/myfiles': { body: buildMyFiles([buildMyFile()]) } });
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-edit'));
    await screen.findByText('Correct the details');
    fireEvent.change(titleInput(), { target: { value: '   ' } });
    await save();
    expect(await screen.findByText('Please enter a title')).toBeTruthy();
    fireEvent.change(titleInput(), { target: { value: 'x'.repeat(301) } });
    await save();
    expect(await screen.findByText('A title is at most 300 characters')).toBeTruthy();
    expect(server.to(EDIT)).toHaveLength(0);
  });

  it('keeps the dialog open and shows why when the server refuses', async () => {
    const file = buildMyFile();
    recordFetch({
      '/api/file/myfiles': { body: buildMyFiles([file]) },
      [EDIT]: {
        status: 400,
        body: { code: 'validation', error_msg: 'The publish date cannot be later than today (2026-11-21)' },
      },
    });
    renderWithApp(<UploadPage />);
    await click(await screen.findByTestId('myfile-edit'));
    await screen.findByText('Correct the details');
    await save();
    expect(
      await screen.findByText(
        'Failed to save the details: The publish date cannot be later than today (2026-11-21)',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(titleInput().value).toBe(file.title);
    expect(screen.queryByText('Details saved')).toBeNull();
  });

  it('cannot edit a file still being processed', async () => {
    recordFetch({ '/api/file/myfiles': { body: buildMyFiles([buildMyFile({ status: 'processing' })]) } });
    renderWithApp(<UploadPage />);
    expect(((await screen.findByTestId('myfile-edit')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Chinese to a Chinese reader', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    const server = recordFetch({ '/api/file/myfiles': { body: buildMyFiles([buildMyFile()]) } });
    renderWithApp(<UploadPage />);
    const edit = await screen.findByTestId('myfile-edit');
    expect(edit.textContent).toBe('编辑');
    await click(edit);
    expect(await screen.findByText('更正报告信息')).toBeTruthy();
    expect(within(form()).getByText('发布日期')).toBeTruthy();
    fireEvent.change(titleInput(), { target: { value: '' } });
    await click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(server.to(EDIT)).toHaveLength(0);
  });
});
