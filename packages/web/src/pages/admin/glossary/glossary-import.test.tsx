import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { latestDialog } from '../files/test-helpers';
import { loadSchemas, loginAdmin, pressInDialog, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { GlossaryPage } from './glossary-page';
import { buildTerm, buildTermList } from './test-fixtures';

const LIST = '/api/manage/glossary/list';
const IMPORT = '/api/manage/glossary/import';
const CSV = 'zh,en,domain\n利率|息率,interest rate|rate,rates\n';

/** Chooses a file in the import button's file picker. */
async function chooseFile(file: File) {
  const input = (await screen.findByTestId('admin-glossary-page')).querySelector('input[type="file"]');
  if (!input) throw new Error('no file picker');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('glossary import', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('sends the chosen CSV as text, shows the counts and lists the terms again', async () => {
    const server = recordFetch({
      [LIST]: { body: buildTermList([buildTerm({ zh: ['利率'] })]) },
      [IMPORT]: { body: { added: 3, updated: 1, unchanged: 10 } },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await screen.findByText('利率');
    await chooseFile(new File([CSV], 'glossary.csv', { type: 'text/csv' }));
    await waitFor(() => expect(server.to(IMPORT)).toHaveLength(1));
    expect(server.to(IMPORT)[0]?.body).toEqual({ csv: CSV });
    expect(await screen.findByText('Imported: 3 added, 1 updated, 10 unchanged')).toBeTruthy();
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
  });

  it('lists the bad lines of a refused file (the first 20), and nothing else', async () => {
    const problems = Array.from({ length: 25 }, (_, i) => ({ line: i + 2, problem: `domain: bad ${i}` }));
    const server = recordFetch({
      [LIST]: { body: buildTermList([]) },
      [IMPORT]: {
        status: 400,
        body: {
          error_msg: 'The CSV was not imported: 25 lines have problems (nothing was changed)',
          code: 'validation',
          field: 'csv',
          problems,
        },
      },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await screen.findByText('No term matches');
    await chooseFile(new File([CSV], 'terms.CSV', { type: 'text/csv' }));
    await waitFor(() => expect(server.to(IMPORT)).toHaveLength(1));

    const dialog = await latestDialog();
    expect(within(dialog).getByText('The file was not imported')).toBeTruthy();
    const lines = within(dialog).getByTestId('glossary-import-problems').querySelectorAll('li');
    expect(lines).toHaveLength(20);
    expect(lines[0]?.textContent).toBe('Line 2: domain: bad 0');
    expect(within(dialog).getByText('and 5 more')).toBeTruthy();
    // The dialog says it all: no toast of the refusal beside it.
    expect(screen.queryByText(/25 lines have problems/)).toBeNull();
    await pressInDialog('OK');
    await waitFor(() => expect(screen.queryByTestId('glossary-import-problems')).toBeNull());
    expect(server.to(LIST)).toHaveLength(1);
  });

  it('refuses a file that is not CSV, or empty, without sending it', async () => {
    const server = recordFetch({ [LIST]: { body: buildTermList([]) } });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await screen.findByText('No term matches');
    await chooseFile(new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a .csv file')).toBeTruthy();
    await chooseFile(new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file is empty')).toBeTruthy();
    expect(server.to(IMPORT)).toHaveLength(0);
  });
});
