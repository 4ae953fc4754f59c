import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { FileEditDrawer } from './file-edit-drawer';
import { buildAdminFileDetail } from './test-fixtures';
import { chooseOption, click } from './test-helpers';

const EDIT = '/api/manage/file/edit';

describe('file edit drawer', { timeout: 30_000 }, () => {
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  function open(file = buildAdminFileDetail(), editAnswer: object = { body: { file } }) {
    const server = recordFetch({
      '/api/manage/file/details': { body: { file } },
      [EDIT]: editAnswer,
    });
    const onClose = vi.fn();
    renderAdmin(<FileEditDrawer fileId={file.id} onClose={onClose} />);
    return { server, onClose, file };
  }

  it('sends only the fields that changed', async () => {
    const { server, onClose, file } = open();
    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe(file.title);
    fireEvent.change(title, { target: { value: 'Rates outlook, revised' } });
    await chooseOption('Language', 'Chinese');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'ecb,' } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await click(screen.getByTestId('file-edit-save'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({
      file_id: file.id,
      title: 'Rates outlook, revised',
      language: 'zh',
      tags: [...file.tags, 'ecb'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends nothing when nothing changed', async () => {
    const { server, onClose } = open();
    await screen.findByLabelText('Title');
    await click(screen.getByTestId('file-edit-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.to(EDIT)).toHaveLength(0);
  });

  it('does not send an empty title', async () => {
    const { server } = open();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: '   ' } });
    await click(screen.getByTestId('file-edit-save'));
    expect(await screen.findByText('Please fill this in')).toBeTruthy();
    expect(server.to(EDIT)).toHaveLength(0);
  });

  it('shows why the server refused the change', async () => {
    const { onClose } = open(buildAdminFileDetail(), {
      status: 400,
      body: { error_msg: 'issuer is too long' },
    });
    fireEvent.change(await screen.findByLabelText('Issuer'), { target: { value: 'Another issuer' } });
    await click(screen.getByTestId('file-edit-save'));
    expect((await screen.findByTestId('file-edit-error')).textContent).toContain('issuer is too long');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the corrected companies and sector, and a bad ticker not at all', async () => {
    const file = buildAdminFileDetail({
      stock_information: [
        {
          ticker: '0700.HK',
          company_name: 'Tencent',
          rating: 'Buy',
          target_price: 'HKD 690',
          currency: 'HKD',
          target_price_value: 690,
        },
      ],
      sector: null,
    });
    const { server } = open(file);
    const ticker = await screen.findByLabelText('Ticker');
    expect((ticker as HTMLInputElement).value).toBe('0700.HK');
    fireEvent.change(ticker, { target: { value: '0700 HK' } });
    await click(screen.getByTestId('file-edit-save'));
    expect(await screen.findByText('A ticker such as 600519.SH or AAPL.US')).toBeTruthy();
    expect(server.to(EDIT)).toHaveLength(0);
    fireEvent.change(ticker, { target: { value: '0700.HK' } });
    fireEvent.change(screen.getByLabelText('Target price'), { target: { value: '720' } });
    await chooseOption('Sector', 'Semiconductors');
    await click(screen.getByTestId('file-edit-save'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({
      file_id: file.id,
      sector: 'semiconductors',
      stock_information: [
        {
          ticker: '0700.HK',
          company_name: 'Tencent',
          rating: 'Buy',
          rating_normalised: null,
          rating_action: null,
          previous_rating: null,
          target_price_value: 720,
          currency: 'HKD',
          previous_target_price: null,
        },
      ],
    });
  });
});
