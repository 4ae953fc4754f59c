import {
  DMCA_ALL_BOXES,
  DMCA_CONFIRMATIONS,
  DMCA_FORM_ERROR,
  DMCA_FORM_ERROR_TITLE,
  DmcaSubmitRequest,
  SECURITY_CHECK_REQUIRED,
} from '@rl/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  allowSecurityCheck,
  findWidget,
  passSecurityCheck,
  TEST_SOLUTION,
} from '../../components/security-check/security-check-test-utils';
import { type } from '../../components/auth-modal/auth-test-helpers';
import { enUS } from '../../locale/en-US';
import { applyLocale, loadLocale } from '../../locale/i18n';
import { recordFetch } from '../../test/fetch-recorder';
import { renderWithApp } from '../../test/render';
import { DmcaPage } from './dmca-page';
import { fillFields, submit, tickBoxes, TYPED } from './dmca-test-helpers';

const SUBMIT = '/api/pub/dmca_submit';
const accepted = { body: { complaint_id: 'dmca-42', status: 'received' } };

/** The payload the contract defines for the complaint typed by `fillFields`, all boxes ticked. */
const EXPECTED = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '12 St James Square',
  copyright_holder: 'Analytical Press Ltd',
  city: 'London',
  state: 'Greater London',
  country: 'United Kingdom',
  zip_code: 'SW1Y 4JH',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
  filename: 'engine-notes.pdf',
  description: 'Pages 3 to 9 copy chapter 2 of our book "Notes on the Engine".',
  signature: 'Ada Lovelace',
  confirmations: Object.fromEntries(DMCA_CONFIRMATIONS.map((box) => [box, true])),
  altcha: TEST_SOLUTION,
};

describe('DMCA page', { timeout: 30_000 }, () => {
  beforeEach(allowSecurityCheck);
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(async () => applyLocale('en-US'));
  });

  it('words its messages as the spec and the contract do', () => {
    expect(enUS['errors.dmca.title']).toBe(DMCA_FORM_ERROR_TITLE);
    expect(enUS['errors.dmca.submit']).toBe(DMCA_FORM_ERROR);
    expect(enUS['errors.dmca.checkAll']).toBe(DMCA_ALL_BOXES);
    expect(enUS['publicForms.securityCheck.required']).toBe(SECURITY_CHECK_REQUIRED);
  });

  it('explains the notice and limits each field as the contract does', async () => {
    renderWithApp(<DmcaPage />, '/dmca');
    expect(screen.getByText('DMCA copyright complaint')).toBeTruthy();
    expect(screen.getByText(/Digital Millennium Copyright Act/)).toBeTruthy();
    for (const [label, name] of [
      ['Zip code', 'zip_code'],
      ['Address', 'address'],
      ['Description', 'description'],
    ] as const) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.maxLength).toBe(DmcaSubmitRequest.shape[name].maxLength);
    }
    expect(screen.getByTestId('dmca-confirmations').querySelectorAll('input[type=checkbox]')).toHaveLength(5);
    await findWidget();
  });

  it('asks for every field, all the boxes and the security check, and sends nothing', async () => {
    const server = recordFetch({ [SUBMIT]: accepted });
    renderWithApp(<DmcaPage />, '/dmca');
    await findWidget();
    await submit();
    for (const label of Object.keys(TYPED)) {
      expect(await screen.findByText(`${label} is required`)).toBeTruthy();
    }
    expect(screen.getByText('Please check all the boxes')).toBeTruthy();
    expect(screen.getByText('Please complete the security check')).toBeTruthy();
    expect(server.to(SUBMIT)).toHaveLength(0);
  });

  it('names a field that breaks a contract rule', async () => {
    renderWithApp(<DmcaPage />, '/dmca');
    fillFields();
    type('Phone', 'call me');
    type('E-mail', 'not-an-address');
    await submit();
    expect(await screen.findByText('Phone is not valid')).toBeTruthy();
    expect(screen.getByText('E-mail is not valid')).toBeTruthy();
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  it('refuses a complaint with a box left unticked', async () => {
    const server = recordFetch({ [SUBMIT]: accepted });
    renderWithApp(<DmcaPage />, '/dmca');
    fillFields();
    await tickBoxes(DMCA_CONFIRMATIONS.slice(0, 4));
    await passSecurityCheck();
    await submit();
    expect(await screen.findByText('Please check all the boxes')).toBeTruthy();
    expect(screen.queryByText('Please complete the security check')).toBeNull();
    expect(server.to(SUBMIT)).toHaveLength(0);
  });

  it('refuses a complaint without the security check', async () => {
    const server = recordFetch({ [SUBMIT]: accepted });
    renderWithApp(<DmcaPage />, '/dmca');
    await findWidget();
    fillFields();
    await tickBoxes();
    await submit();
    expect(await screen.findByText('Please complete the security check')).toBeTruthy();
    expect(screen.queryByText('Please check all the boxes')).toBeNull();
    expect(server.to(SUBMIT)).toHaveLength(0);
  });

  it("sends exactly the contract's payload and shows the complaint id and what comes next", async () => {
    const server = recordFetch({ [SUBMIT]: accepted });
    renderWithApp(<DmcaPage />, '/dmca');
    fillFields();
    await tickBoxes();
    await passSecurityCheck();
    await submit();
    const result = await screen.findByTestId('dmca-result');
    expect(server.to(SUBMIT)).toHaveLength(1);
    expect(server.to(SUBMIT)[0]?.method).toBe('POST');
    expect(server.to(SUBMIT)[0]?.body).toEqual(EXPECTED);
    expect(within(result).getByText('Your complaint has been received')).toBeTruthy();
    expect(within(result).getByText('dmca-42')).toBeTruthy();
    expect(within(result).getByText('What happens next')).toBeTruthy();
    expect(within(result).getByText(/ada@example\.com/)).toBeTruthy();

    await act(async () => screen.getByTestId('dmca-another').click());
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('');
  });

  it('shows a refusal under "Validation Error", marks the named field and spends the check', async () => {
    const server = recordFetch({
      [SUBMIT]: { status: 400, body: { error_msg: 'Zip code is not a real postcode', field: 'zip_code' } },
    });
    renderWithApp(<DmcaPage />, '/dmca');
    fillFields();
    await tickBoxes();
    await passSecurityCheck();
    await submit();
    const refusal = await screen.findByTestId('dmca-refusal');
    const dialog = refusal.closest('.ant-modal') as HTMLElement;
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Validation Error');
    expect(within(refusal).getByText('Error submitting form')).toBeTruthy();
    expect(within(refusal).getByText('Zip code is not a real postcode')).toBeTruthy();
    const zipItem = screen.getByLabelText('Zip code').closest('.ant-form-item') as HTMLElement;
    expect(within(zipItem).getByText('Zip code is not a real postcode')).toBeTruthy();

    // The solution was spent: the widget starts over and the form asks for a new check.
    const widget = await findWidget();
    await waitFor(() => expect(widget.getState()).toBe('unverified'));
    await submit();
    expect(await screen.findByText('Please complete the security check')).toBeTruthy();
    expect(server.to(SUBMIT)).toHaveLength(1);
  });

  it('prefills the file a report link names and sends its id', async () => {
    const server = recordFetch({ [SUBMIT]: accepted });
    renderWithApp(<DmcaPage />, '/dmca?file_id=file-77&filename=Rates%20outlook%202025.pdf');
    expect((screen.getByLabelText('Filename') as HTMLInputElement).value).toBe('Rates outlook 2025.pdf');
    expect(screen.getByText('You are reporting the file "Rates outlook 2025.pdf".')).toBeTruthy();
    fillFields(['Filename']);
    await tickBoxes();
    await passSecurityCheck();
    await submit();
    await screen.findByTestId('dmca-result');
    expect(server.to(SUBMIT)[0]?.body).toMatchObject({
      file_id: 'file-77',
      filename: 'Rates outlook 2025.pdf',
    });
  });

  it('speaks Chinese, the security check included', async () => {
    await loadLocale('zh-CN');
    await act(async () => applyLocale('zh-CN'));
    renderWithApp(<DmcaPage />, '/dmca');
    expect(screen.getByText('DMCA 版权投诉')).toBeTruthy();
    expect(await screen.findByLabelText('我不是机器人')).toBeTruthy();
    await submit();
    expect(await screen.findByText('请填写名')).toBeTruthy();
    expect(screen.getByText('请勾选所有选项')).toBeTruthy();
    expect(screen.getByText('请完成安全验证')).toBeTruthy();
  });
});
