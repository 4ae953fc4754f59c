import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { latestDialog } from '../files/test-helpers';
import {
  loadSchemas,
  loginAdmin,
  pickOption,
  press,
  pressInDialog,
  renderAdmin,
  resetAdmin,
} from '../shared/admin-test-utils';
import { GlossaryPage } from './glossary-page';
import { buildTerm, buildTermList } from './test-fixtures';

const LIST = '/api/manage/glossary/list';
const SAVE = '/api/manage/glossary/save';

/** Types forms into a tags field (by its label), each ended with Enter. */
async function typeForms(label: string, ...forms: string[]) {
  const input = within(await latestDialog()).getByLabelText(label);
  for (const form of forms) {
    await act(async () => {
      fireEvent.change(input, { target: { value: form } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Removes every form of a tags field (by its label), by each tag's remove button. */
async function clearForms(label: string) {
  const item = within(await latestDialog())
    .getByText(label)
    .closest<HTMLElement>('.ant-form-item')!;
  for (const remove of within(item).getAllByLabelText('close')) await press(remove);
}

/** Waits for `error` under a field of the open form (by the field's label). */
async function expectFieldError(label: string, error: string) {
  const dialog = await latestDialog();
  await waitFor(() => {
    const item = within(dialog).getByText(label).closest('.ant-form-item');
    expect(item?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(error);
  });
}

describe('glossary term form', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('adds a term: checks the forms by the contract, sends them, and shows a 409 on the Chinese forms', async () => {
    let taken = true;
    const server = recordFetch({
      [LIST]: { body: buildTermList([]) },
      [SAVE]: (call) =>
        taken
          ? {
              status: 409,
              body: {
                error_msg: '"利率" already belongs to the term "利息率"',
                code: 'conflict',
                field: 'zh',
              },
            }
          : { body: { term: buildTerm({ ...call.body, id: 'g_1', origin: 'added' }) } },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await press(await screen.findByTestId('glossary-add'));
    expect(within(await latestDialog()).getByText('Add a term')).toBeTruthy();

    await pressInDialog('Save');
    await expectFieldError('Chinese forms', 'Give at least one form');
    await expectFieldError('English forms', 'Give at least one form');
    await expectFieldError('Domain', 'Choose a domain');

    await typeForms('Chinese forms', 'rate');
    await typeForms('English forms', '利率');
    await pressInDialog('Save');
    await expectFieldError('Chinese forms', '"rate": Each Chinese form holds Chinese characters');
    await expectFieldError(
      'English forms',
      '"利率": Each English form holds Latin letters and no Chinese characters',
    );
    expect(server.to(SAVE)).toHaveLength(0);

    // Good forms instead, the preferred one first.
    await clearForms('Chinese forms');
    await clearForms('English forms');
    await typeForms('Chinese forms', '利率', ' 息率 ');
    await typeForms('English forms', 'interest rate', 'rate');
    await pickOption('glossary-domain', 'Interest rates');
    await pressInDialog('Save');
    await waitFor(() => expect(server.to(SAVE)).toHaveLength(1));
    expect(server.to(SAVE)[0]?.body).toEqual({
      zh: ['利率', '息率'],
      en: ['interest rate', 'rate'],
      domain: 'rates',
    });
    await expectFieldError('Chinese forms', '"利率" already belongs to the term "利息率"');

    taken = false;
    await pressInDialog('Save');
    await waitFor(() => expect(server.to(SAVE)).toHaveLength(2));
    expect(await screen.findByText('Term added')).toBeTruthy();
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByText('Add a term', { selector: '.ant-modal-title' })).toBeNull(),
    );
  });

  it('edits a term: sends its id and forms; a 409 and a 400 show on their fields', async () => {
    const term = buildTerm({ zh: ['市盈率'], en: ['P/E ratio'], domain: 'markets', origin: 'edited' });
    const answers = [
      { status: 409, body: { error_msg: '"本益比" already belongs to the term "市净率"', code: 'conflict' } },
      {
        status: 400,
        body: {
          error_msg: 'The English form “price-earnings ratio” is too long',
          code: 'validation',
          field: 'en.1',
        },
      },
      { body: { term } },
    ];
    const server = recordFetch({
      [LIST]: { body: buildTermList([term]) },
      [SAVE]: () => answers.shift()!,
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await press(within(await screen.findByTestId('glossary-row')).getByTestId('glossary-edit'));
    const dialog = await latestDialog();
    expect(within(dialog).getByText('Edit the term')).toBeTruthy();
    expect(within(dialog).getByText('市盈率')).toBeTruthy();
    expect(within(dialog).getByText('P/E ratio')).toBeTruthy();

    await typeForms('Chinese forms', '本益比');
    await typeForms('English forms', 'price-earnings ratio');
    await pressInDialog('Save');
    await waitFor(() => expect(server.to(SAVE)).toHaveLength(1));
    expect(server.to(SAVE)[0]?.body).toEqual({
      id: term.id,
      zh: ['市盈率', '本益比'],
      en: ['P/E ratio', 'price-earnings ratio'],
      domain: 'markets',
    });
    await expectFieldError('Chinese forms', '"本益比" already belongs to the term "市净率"');

    await pressInDialog('Save');
    await expectFieldError('English forms', 'The English form “price-earnings ratio” is too long');

    await pressInDialog('Save');
    expect(await screen.findByText('Term saved')).toBeTruthy();
    expect(server.to(SAVE)).toHaveLength(3);
  });
});
