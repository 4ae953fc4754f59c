import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { chooseOption, click, search } from '../files/test-helpers';
import { loadSchemas, loginAdmin, pressInDialog, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { GlossaryPage } from './glossary-page';
import { buildTerm, buildTermList } from './test-fixtures';

const LIST = '/api/manage/glossary/list';
const DELETE = '/api/manage/glossary/delete';
const RESTORE = '/api/manage/glossary/restore';
const EXPORT = '/api/manage/glossary/export';

const rowOf = async (form: string) => {
  const cell = await screen.findByText(form);
  const row = cell.closest<HTMLElement>('[data-testid="glossary-row"]');
  if (!row) throw new Error(`no row for ${form}`);
  return row;
};

describe('glossary page', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetAdmin();
  });

  it('lists the terms: preferred forms first, origins, removed ones struck through, the count in use', async () => {
    recordFetch({
      [LIST]: {
        body: buildTermList(
          [
            buildTerm({ zh: ['利率', '息率'], en: ['interest rate', 'rate'], domain: 'rates' }),
            buildTerm({
              zh: ['市盈率'],
              origin: 'edited',
              updated_time: '2025-05-01T08:00:00Z',
              updated_by: 'root',
            }),
            buildTerm({ zh: ['港股通'], origin: 'removed', updated_by: 'root' }),
            buildTerm({ id: 'g_1', zh: ['绿色债券'], origin: 'added', domain: 'esg' }),
          ],
          2105,
        ),
      },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    const rates = await rowOf('利率');
    expect(within(rates).getByTestId('glossary-zh').textContent).toBe('利率息率');
    expect(within(rates).getByTestId('glossary-zh').firstElementChild?.textContent).toBe('利率');
    expect(within(rates).getByTestId('glossary-en').textContent).toBe('interest raterate');
    expect(within(rates).getByText('Interest rates')).toBeTruthy();
    expect(within(rates).getByTestId('glossary-origin').textContent).toBe('Built-in');
    expect(screen.getByTestId('glossary-active-terms').textContent).toMatch(/^Terms in use: 2[,\s]?105$/);

    // Plain selectors: role queries compute styles, slow on a table of antd components.
    const actionsOf = (row: HTMLElement) =>
      [...row.querySelectorAll('button')].map((button) => button.textContent);
    expect(actionsOf(rates)).toEqual(['Edit', 'Delete']);
    const edited = await rowOf('市盈率');
    expect(actionsOf(edited)).toEqual(['Edit', 'Restore', 'Delete']);
    expect(within(edited).getByText('by root')).toBeTruthy();
    const removed = await rowOf('港股通');
    expect(actionsOf(removed)).toEqual(['Restore']);
    expect(removed.className).toContain('rl-admin-glossary__removed');
    expect(within(removed).getByTestId('glossary-origin').textContent).toBe('Removed');
    expect(actionsOf(await rowOf('绿色债券'))).toEqual(['Edit', 'Delete']);
  });

  it('sends the keyword, domain and origin filters, back on page 1', async () => {
    const server = recordFetch({ [LIST]: { body: buildTermList([buildTerm({ zh: ['利率'] })]) } });
    const { router } = renderAdmin(<GlossaryPage />, '/admin/glossary?page=2');
    await rowOf('利率');
    expect(server.to(LIST)[0]?.body).toEqual({ page_id: 2, page_length: 50 });

    await chooseOption('Domain', 'Interest rates');
    await chooseOption('Origin', 'Edited here');
    await search('A Chinese or English form', ' interest rate ');
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toEqual({
        keyword: 'interest rate',
        domain: 'rates',
        origin: 'edited',
        page_id: 1,
        page_length: 50,
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('domain')).toBe('rates');

    await click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(server.to(LIST).at(-1)?.body).toEqual({ page_id: 1, page_length: 50 }));
  });

  it('deletes a built-in term once confirmed (it stays, removed); cancelling sends nothing', async () => {
    const term = buildTerm({ zh: ['利率'] });
    const server = recordFetch({
      [LIST]: { body: buildTermList([term]) },
      [DELETE]: { body: { deleted: true, term: { ...term, origin: 'removed' } } },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await click(within(await rowOf('利率')).getByTestId('glossary-delete'));
    expect(await screen.findByText(/"利率" is a built-in term/)).toBeTruthy();
    await pressInDialog('Cancel');
    expect(server.to(DELETE)).toHaveLength(0);

    await click(within(await rowOf('利率')).getByTestId('glossary-delete'));
    await pressInDialog('Delete');
    await waitFor(() => expect(server.to(DELETE)).toHaveLength(1));
    expect(server.to(DELETE)[0]?.body).toEqual({ id: term.id });
    expect(await screen.findByText('Term taken out of use')).toBeTruthy();
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
  });

  it('deletes an added term for good', async () => {
    const term = buildTerm({ id: 'g_7', zh: ['绿色债券'], origin: 'added' });
    const server = recordFetch({
      [LIST]: { body: buildTermList([term]) },
      [DELETE]: { body: { deleted: true, term: null } },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await click(within(await rowOf('绿色债券')).getByTestId('glossary-delete'));
    expect(await screen.findByText('"绿色债券" was added here: it is deleted for good.')).toBeTruthy();
    await pressInDialog('Delete');
    await waitFor(() => expect(server.to(DELETE)[0]?.body).toEqual({ id: 'g_7' }));
    expect(await screen.findByText('Term deleted')).toBeTruthy();
  });

  it('restores an edited built-in term once confirmed', async () => {
    const term = buildTerm({ zh: ['市盈率'], origin: 'edited', updated_by: 'root' });
    const server = recordFetch({
      [LIST]: { body: buildTermList([term]) },
      [RESTORE]: { body: { term: { ...term, origin: 'builtin', updated_by: null } } },
    });
    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await click(within(await rowOf('市盈率')).getByTestId('glossary-restore'));
    expect(await screen.findAllByText('Restore the built-in term?')).not.toHaveLength(0);
    await pressInDialog('Restore');
    await waitFor(() => expect(server.to(RESTORE)).toHaveLength(1));
    expect(server.to(RESTORE)[0]?.body).toEqual({ id: term.id });
    expect(await screen.findByText('Term restored')).toBeTruthy();
    await waitFor(() => expect(server.to(LIST)).toHaveLength(2));
  });

  it('exports the terms in use as glossary.csv', async () => {
    const csv = 'zh,en,domain\n利率|息率,interest rate|rate,rates\n';
    const server = recordFetch({ [LIST]: { body: buildTermList([buildTerm({ zh: ['利率'] })]) } });
    // The export answers CSV text, not JSON: the recorder notes the call, the answer is the raw text.
    const recorded = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await recorded(input, init);
      return input === EXPORT ? new Response(csv, { headers: { 'content-type': 'text/csv' } }) : answer;
    });
    const blobs: Blob[] = [];
    const saved: { download: string; href: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:glossary'),
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });

    renderAdmin(<GlossaryPage />, '/admin/glossary');
    await rowOf('利率');
    await click(screen.getByTestId('glossary-export'));
    await waitFor(() => expect(saved).toEqual([{ download: 'glossary.csv', href: 'blob:glossary' }]));
    expect(server.to(EXPORT)[0]?.body).toEqual({});
    expect(server.to(EXPORT)[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(await blobs[0]!.text()).toBe(csv);
    expect(blobs[0]!.type).toContain('text/csv');
  });
});
