import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLocale } from '../../locale/i18n';
import { renderWithApp } from '../../test/render';
import { CompaniesEditor } from './companies-editor';
import { companyCorrectionsOf, emptyCompany, type ResearchValues } from './company-corrections';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
    await settle();
  });
};
const type = async (input: Element, value: string) => {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
    await settle();
  });
};
const rows = () => screen.queryAllByTestId('company-row');
const row = (n: number) => within(rows()[n]!);

/** Opens the select labelled `label` inside `scope` and picks `option`. */
async function choose(scope: HTMLElement, label: string, option: string) {
  const select = within(scope).getByLabelText(label);
  await act(async () => {
    fireEvent.mouseDown(select);
    await settle();
  });
  const dropdown = await waitFor(() => {
    const open = document
      .getElementById(select.getAttribute('aria-controls') ?? '')
      ?.closest<HTMLElement>('.ant-select-dropdown');
    if (!open) throw new Error(`the options of ${label} are not shown`);
    return open;
  });
  await click(within(dropdown).getByTitle(option));
}

async function renderEditor(initial: ResearchValues) {
  const onFinish = vi.fn<(values: ResearchValues) => void>();
  renderWithApp(
    <Form<ResearchValues> layout="vertical" initialValues={initial} onFinish={onFinish}>
      <CompaniesEditor />
      <Button htmlType="submit">Done</Button>
    </Form>,
  );
  await screen.findByTestId('companies-editor');
  const submit = () => click(screen.getByRole('button', { name: 'Done' }));
  return { onFinish, submit };
}

describe('the editor of a note’s companies and sector', { timeout: 90_000 }, () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('edits, adds and removes companies and picks a sector', async () => {
    const { onFinish, submit } = await renderEditor({
      companies: [{ ...emptyCompany(), ticker: '0700.HK', company_name: 'Tencent', currency: 'HKD' }],
      sector: null,
    });
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('Companies covered')).toBeTruthy();
    await choose(rows()[0]!, 'Rating', 'Buy');
    await choose(rows()[0]!, 'Action', 'Upgrade');
    await type(row(0).getByLabelText('Target price'), '690.5');
    await click(screen.getByTestId('company-add'));
    expect(rows()).toHaveLength(2);
    await type(row(1).getByLabelText('Ticker'), '600519.SH');
    await type(row(1).getByLabelText('Currency'), 'cny');
    expect((row(1).getByLabelText('Currency') as HTMLInputElement).value).toBe('CNY');
    await choose(screen.getByTestId('companies-editor'), 'Sector', 'Semiconductors');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    const values = onFinish.mock.calls[0]![0];
    expect(values.sector).toBe('semiconductors');
    expect(companyCorrectionsOf(values.companies)).toEqual([
      expect.objectContaining({
        ticker: '0700.HK',
        rating_normalised: 'buy',
        rating_action: 'upgrade',
        target_price_value: 690.5,
      }),
      expect.objectContaining({ ticker: '600519.SH', currency: 'CNY' }),
    ]);

    await click(row(0).getByRole('button', { name: 'Remove company 1' }));
    expect(rows()).toHaveLength(1);
    expect((row(0).getByLabelText('Ticker') as HTMLInputElement).value).toBe('600519.SH');
    await choose(screen.getByTestId('companies-editor'), 'Sector', 'Banks');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2));
    expect(onFinish.mock.calls[1]![0]).toMatchObject({
      companies: [{ ticker: '600519.SH' }],
      sector: 'banks',
    });
  });

  it('says what is wrong with a company and does not submit', async () => {
    const { onFinish, submit } = await renderEditor({ companies: [], sector: null });
    expect(screen.getByText('No company is recorded for this report.')).toBeTruthy();
    await click(screen.getByTestId('company-add'));
    await submit();
    expect(await screen.findByText('Enter the ticker')).toBeTruthy();

    await type(row(0).getByLabelText('Ticker'), '600519 SH');
    await type(row(0).getByLabelText('Currency'), 'US');
    await type(row(0).getByLabelText('Target price'), '-3');
    await submit();
    expect(await screen.findByText('A ticker such as 600519.SH or AAPL.US')).toBeTruthy();
    expect(screen.getByText('A 3-letter code such as CNY or USD')).toBeTruthy();
    expect(screen.getByText('A positive number')).toBeTruthy();

    await type(row(0).getByLabelText('Ticker'), '600519.SH');
    await type(row(0).getByLabelText('Currency'), 'USD');
    await type(row(0).getByLabelText('Target price'), '3');
    await click(screen.getByTestId('company-add'));
    await type(row(1).getByLabelText('Ticker'), '600519.sh');
    await submit();
    expect((await screen.findAllByText('This company is listed twice')).length).toBeGreaterThan(0);
    expect(onFinish).not.toHaveBeenCalled();

    await type(row(1).getByLabelText('Ticker'), 'AAPL.US');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });

  it('stops adding at 20 companies', async () => {
    await renderEditor({
      companies: Array.from({ length: 19 }, (_, i) => ({
        ...emptyCompany(),
        ticker: `6000${String(i).padStart(2, '0')}.SH`,
      })),
      sector: null,
    });
    const add = screen.getByTestId('company-add') as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    await click(add);
    expect(rows()).toHaveLength(20);
    expect((screen.getByTestId('company-add') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('company-add').textContent).toContain('At most 20 companies');
  });

  it('speaks Chinese', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    await renderEditor({
      companies: [{ ...emptyCompany(), ticker: '600519.SH' }],
      sector: 'consumer_staples',
    });
    expect(screen.getByText('覆盖公司')).toBeTruthy();
    expect(row(0).getByLabelText('股票代码')).toBeTruthy();
    expect(row(0).getByLabelText('目标价')).toBeTruthy();
    expect(screen.getByText('食品饮料')).toBeTruthy();
  });

  it('starts from a fact the reader was unsure of, saying where it read it, and sends no source back', async () => {
    const { onFinish, submit } = await renderEditor({
      companies: [
        {
          ...emptyCompany(),
          ticker: '0700.HK',
          rating: 'Buy',
          target_price_value: 690,
          currency: 'HKD',
          sources: {
            rating: { page: 1, text: 'Rating: Buy' },
            currency: { page: 1, text: '0700.HK', unsure: true },
          },
        },
      ],
      sector: null,
    });
    const currency = row(0).getByTestId('company-currency');
    await waitFor(() => expect(document.activeElement).toBe(currency));
    const item = currency.closest('.ant-form-item')!;
    expect(item.textContent).toContain('Unsure, please check: read from p. 1: 0700.HK');
    expect(row(0).getByTestId('company-rating').closest('.ant-form-item')!.textContent).not.toContain(
      'Unsure',
    );
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(companyCorrectionsOf(onFinish.mock.calls[0]![0].companies)[0]).not.toHaveProperty('sources');
  });
});
