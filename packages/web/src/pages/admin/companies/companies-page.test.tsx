import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyNamesRecord } from '@rl/contract';
import { recordFetch } from '../../../test/fetch-recorder';
import { latestDialog } from '../files/test-helpers';
import {
  loadSchemas,
  loginAdmin,
  press,
  pressInDialog,
  renderAdmin,
  resetAdmin,
} from '../shared/admin-test-utils';
import { CompaniesPage } from './companies-page';

const LIST = '/api/manage/company/list';
const SAVE = '/api/manage/company/save';

const TENCENT: CompanyNamesRecord = {
  ticker: '0700.HK',
  tickers: ['0700.HK'],
  exchange: 'HKEX',
  en: [
    { name: 'Tencent Holdings', source: 'table' },
    { name: 'Tencent', source: 'table' },
  ],
  zh: [
    { name: '腾讯控股', source: 'table' },
    { name: '腾讯', source: 'table' },
  ],
};

/** Types names into a tags field (by its label), each ended with Enter. */
async function typeNames(label: string, ...names: string[]) {
  const input = within(await latestDialog()).getByLabelText(label);
  for (const name of names) {
    await act(async () => {
      fireEvent.change(input, { target: { value: name } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

describe('companies page', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it("lists companies with each name and where it comes from, and sets a company's names", async () => {
    const server = recordFetch({
      [LIST]: { body: { companies: [TENCENT] } },
      [SAVE]: (call) => ({
        body: {
          ...TENCENT,
          en: [...TENCENT.en, { name: 'Penguin', source: 'console' }],
          zh: (call.body?.zh as string[]).map((name) => ({ name, source: 'table' })),
        },
      }),
    });
    renderAdmin(<CompaniesPage />, '/admin/companies');
    const tag = await screen.findByText('腾讯控股');
    expect(tag.getAttribute('title')).toBe('From the table of listed companies');
    expect(screen.getByText('HKEX')).toBeTruthy();

    await press(screen.getByTestId('company-names-edit'));
    expect(within(await latestDialog()).getByText('Names of 0700.HK')).toBeTruthy();
    await typeNames('English names', 'Penguin');
    await pressInDialog('Save');
    await waitFor(() => expect(server.to(SAVE)).toHaveLength(1));
    expect(server.to(SAVE)[0]?.body).toEqual({
      ticker: '0700.HK',
      en: ['Tencent Holdings', 'Tencent', 'Penguin'],
      zh: ['腾讯控股', '腾讯'],
    });
    expect(await screen.findByText('Names saved')).toBeTruthy();
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
  });

  it("shows the server's refusal and keeps the form open", async () => {
    const server = recordFetch({
      [LIST]: { body: { companies: [TENCENT] } },
      [SAVE]: {
        status: 400,
        body: { error_msg: 'zh.2: a Chinese name has Chinese characters', code: 'validation' },
      },
    });
    renderAdmin(<CompaniesPage />, '/admin/companies');
    await press(await screen.findByTestId('company-names-edit'));
    await typeNames('Chinese names', 'Tencent');
    await pressInDialog('Save');
    await waitFor(() => expect(server.to(SAVE)).toHaveLength(1));
    expect(await screen.findByText(/a Chinese name has Chinese characters/)).toBeTruthy();
    expect(within(await latestDialog()).getByText('Names of 0700.HK')).toBeTruthy();
  });

  it('searches companies by what the administrator types', async () => {
    const server = recordFetch({ [LIST]: { body: { companies: [TENCENT] } } });
    renderAdmin(<CompaniesPage />, '/admin/companies');
    await screen.findByText('腾讯控股');
    const input = screen.getByPlaceholderText('Ticker or a part of a name');
    await act(async () => {
      fireEvent.change(input, { target: { value: ' 腾讯 ' } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(server.to(LIST).at(-1)?.body).toEqual({ keyword: '腾讯', limit: 50 }));
  });
});
