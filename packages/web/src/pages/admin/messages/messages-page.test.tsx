import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { chooseOption, click, search } from '../files/test-helpers';
import { loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { MessagesPage } from './messages-page';
import { buildMessage, buildMessageList } from './test-fixtures';

const LIST = '/api/manage/message/list';
const EDIT = '/api/manage/message/edit';

async function expandRow(row: HTMLElement) {
  const expander = row.querySelector<HTMLElement>('.ant-table-row-expand-icon');
  if (!expander) throw new Error('no expand button');
  await click(expander);
}

describe('messages page', { timeout: 30_000 }, () => {
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('filters by handled state (a boolean) and keyword', async () => {
    const server = recordFetch({
      [LIST]: { body: buildMessageList([buildMessage({ subject: 'Invoices' })]) },
    });
    renderAdmin(<MessagesPage />, '/admin/messages');
    expect(await screen.findByText('Invoices')).toBeTruthy();
    expect(server.to(LIST)[0]?.body).toEqual({ page_id: 1, page_length: 20 });

    await chooseOption('State', 'Unhandled');
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toEqual({ handled: false, page_id: 1, page_length: 20 }),
    );
    await chooseOption('State', 'Handled');
    await search('Subject, message or e-mail', 'invoice');
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toEqual({
        handled: true,
        keyword: 'invoice',
        page_id: 1,
        page_length: 20,
      }),
    );
  });

  it('marks a message handled, then unhandled', async () => {
    let handled = false;
    const message = buildMessage({ subject: 'Billing' });
    const server = recordFetch({
      [LIST]: () => ({ body: buildMessageList([{ ...message, handled }]) }),
      [EDIT]: (call) => {
        handled = call.body?.handled === true;
        return { body: { message: { ...message, handled, handled_by: handled ? 'root' : null } } };
      },
    });
    renderAdmin(<MessagesPage />, '/admin/messages');
    const row = await screen.findByTestId('message-row');
    expect(within(row).getByTestId('message-status').textContent).toBe('Unhandled');

    await click(within(row).getByTestId('message-toggle'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({ message_id: message.id, handled: true });
    await waitFor(() => expect(screen.getByTestId('message-status').textContent).toBe('Handled'));

    await click(screen.getByTestId('message-toggle'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(2));
    expect(server.to(EDIT)[1]?.body).toEqual({ message_id: message.id, handled: false });
    await waitFor(() => expect(screen.getByTestId('message-status').textContent).toBe('Unhandled'));
  });

  it('shows the message as plain text: markup stays literal, line breaks stay', async () => {
    const text = '<script>window.hacked = true</script>\n<b>bold</b> & <img src=x onerror="alert(1)">';
    recordFetch({ [LIST]: { body: buildMessageList([buildMessage({ message: text })]) } });
    renderAdmin(<MessagesPage />, '/admin/messages');
    await expandRow(await screen.findByTestId('message-row'));
    const shown = await screen.findByTestId('message-text');
    expect(shown.textContent).toBe(text);
    expect(shown.querySelector('script, b, img')).toBeNull();
    expect(shown.style.whiteSpace).toBe('pre-wrap');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});
