import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, type RecordedCall } from '../../../test/fetch-recorder';
import {
  buildAdminUser,
  confirmDialog,
  loadSchemas,
  loginAdmin,
  paged,
  pickOption,
  press,
  pressInDialog,
  renderAdmin,
  resetAdmin,
} from '../shared/admin-test-utils';
import { UsersPage } from './users-page';

const P = '/api/manage/user';
// The messages of the form rules that refuse a value before anything is sent.
const USERNAME_RULE = '4 to 20 characters: letters, digits and underscores';
const PASSWORD_RULE = '8 to 32 characters with upper- and lowercase letters';
const alice = buildAdminUser({ id: 'u_alice', username: 'alice', email: 'alice@example.com' });
const bob = buildAdminUser({
  id: 'u_bob',
  username: 'bob',
  status: 'disabled',
  user_level: 'paid_v0',
  plan: 'paid_v0',
  user_level_expire_time: '2026-01-01T00:00:00Z',
  phone: '13800000000',
  phone_country_code: '86',
  email: null,
});

function stub(extra: Record<string, Parameters<typeof recordFetch>[0][string]> = {}) {
  return recordFetch({
    [`${P}/list`]: (call: RecordedCall) => ({
      body: paged('user_list', [alice, bob], 45, Number(call.body?.page_id ?? 1)),
    }),
    [`${P}/active`]: { body: { user: { ...bob, status: 'active' } } },
    [`${P}/refresh`]: { body: { user_id: 'u_alice', counters_reset: 3 } },
    [`${P}/delete`]: { body: { user_id: 'u_alice', files_removed: 2 } },
    [`${P}/edit`]: { body: { user: alice } },
    [`${P}/level_change`]: { body: { user: alice } },
    [`${P}/password`]: { body: { user: alice } },
    [`${P}/download_history`]: {
      body: paged(
        'items',
        [
          {
            file_id: 'f1',
            file_name: 'rates.pdf',
            title: 'Rates outlook',
            size_bytes: 2048,
            ip: '10.0.0.1',
            downloaded_time: '2025-03-02T10:00:00Z',
          },
        ],
        1,
        1,
        10,
      ),
    },
    ...extra,
  });
}

async function renderUsers(path = '/admin/users') {
  const result = renderAdmin(<UsersPage />, path);
  await screen.findByText('alice');
  return result;
}

function row(username: string): HTMLElement {
  return screen.getByText(username).closest('tr') as HTMLElement;
}

async function openMenu(username: string, item: string) {
  await act(async () => {
    fireEvent.click(within(row(username)).getByTestId('user-more'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  // The entry's name ends with its text (the icon's label comes first).
  const entries = await screen.findAllByRole('menuitem', { name: new RegExp(`(^|\\s)${item}$`) });
  await press(entries[entries.length - 1]!);
}

describe('users page', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    resetAdmin();
    vi.unstubAllGlobals();
  });

  it('lists the users with their plan, status, roles and contact', async () => {
    const http = stub();
    await renderUsers();
    expect(http.to(`${P}/list`)[0]!.body).toEqual({ page_id: 1, page_length: 20 });
    expect(within(row('alice')).getByText('alice@example.com')).toBeTruthy();
    expect(within(row('alice')).getByText('Free plan')).toBeTruthy();
    expect(within(row('alice')).getByText('Active')).toBeTruthy();
    expect(within(row('bob')).getByText('Institutional plan')).toBeTruthy();
    expect(within(row('bob')).getByText('Disabled')).toBeTruthy();
    expect(within(row('bob')).getByText('+86 13800000000')).toBeTruthy();
    // E-mail and mobile share one column, so the table fits a 1440 px screen.
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('E-mail / mobile');
    expect(within(row('bob')).getByText(/until/)).toBeTruthy();
    expect(screen.getByText('45 in total')).toBeTruthy();
  });

  it('pages and filters on the server, with the state in the URL', async () => {
    const http = stub();
    const { router } = await renderUsers();
    await press(screen.getByTitle('2'));
    await waitFor(() => expect(http.to(`${P}/list`).at(-1)!.body).toEqual({ page_id: 2, page_length: 20 }));
    expect(router.state.location.search).toBe('?page=2');

    await pickOption('users-status-filter', 'Disabled');
    await waitFor(() =>
      expect(http.to(`${P}/list`).at(-1)!.body).toEqual({ status: 'disabled', page_id: 1, page_length: 20 }),
    );
    await pickOption('users-level-filter', 'Institutional plan');
    await waitFor(() =>
      expect(http.to(`${P}/list`).at(-1)!.body).toEqual({
        status: 'disabled',
        user_level: 'paid_v0',
        page_id: 1,
        page_length: 20,
      }),
    );
    const keyword = screen.getByPlaceholderText('Username, e-mail or mobile');
    fireEvent.change(keyword, { target: { value: ' ali ' } });
    await act(async () => {
      fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() =>
      expect(http.to(`${P}/list`).at(-1)!.body).toEqual({
        keyword: 'ali',
        status: 'disabled',
        user_level: 'paid_v0',
        page_id: 1,
        page_length: 20,
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      keyword: 'ali',
      status: 'disabled',
      user_level: 'paid_v0',
    });
  });

  it('starts from the filters in the URL', async () => {
    const http = stub();
    await renderUsers('/admin/users?status=active&page=3');
    expect(http.to(`${P}/list`)[0]!.body).toEqual({ status: 'active', page_id: 3, page_length: 20 });
  });

  it('disables an account after confirmation, and sends nothing when cancelled', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('alice', 'Disable');
    await pressInDialog('Cancel');
    expect(http.to(`${P}/active`)).toHaveLength(0);

    await openMenu('alice', 'Disable');
    await pressInDialog('Disable');
    await waitFor(() => expect(http.to(`${P}/active`)).toHaveLength(1));
    expect(http.to(`${P}/active`)[0]!.body).toEqual({ user_id: 'u_alice', active: false });
    expect(await screen.findByText('Account disabled')).toBeTruthy();
    await waitFor(() => expect(http.to(`${P}/list`).length).toBeGreaterThan(1));
    // The cancelled one sent nothing, not even late.
    expect(http.to(`${P}/active`)).toHaveLength(1);
  });

  it('enables a disabled account', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('bob', 'Enable');
    await pressInDialog('Enable');
    await waitFor(() => expect(http.to(`${P}/active`)[0]?.body).toEqual({ user_id: 'u_bob', active: true }));
  });

  it('activates a not-activated account (it can still be disabled)', async () => {
    const carol = buildAdminUser({ id: 'u_carol', username: 'carol', status: 'inactive' });
    const http = stub({
      [`${P}/list`]: { body: paged('user_list', [alice, carol], 2, 1) },
    });
    await renderUsers();
    expect(within(row('carol')).getByText('Not activated')).toBeTruthy();
    await openMenu('carol', 'Activate');
    await pressInDialog('Activate');
    await waitFor(() =>
      expect(http.to(`${P}/active`)[0]?.body).toEqual({ user_id: 'u_carol', active: true }),
    );
    expect(await screen.findByText('Account activated')).toBeTruthy();
    await openMenu('carol', 'Disable');
    expect((await screen.findAllByText('Disable this account?')).length).toBeGreaterThan(0);
  });

  it('lists deleted accounts only through the filter, marked, without actions', async () => {
    const gone = buildAdminUser({
      id: 'u_gone',
      username: 'deleted_0a1b2c3d4e5f',
      status: 'disabled',
      deleted: true,
    });
    const http = stub({
      [`${P}/list`]: (call: RecordedCall) => ({
        body: paged('user_list', call.body?.status === 'deleted' ? [gone] : [alice], 1, 1),
      }),
    });
    await renderUsers();
    await pickOption('users-status-filter', 'Deleted');
    await waitFor(() =>
      expect(http.to(`${P}/list`).at(-1)!.body).toEqual({ status: 'deleted', page_id: 1, page_length: 20 }),
    );
    const deletedRow = (await screen.findByText('deleted_0a1b2c3d4e5f')).closest('tr') as HTMLElement;
    expect(within(deletedRow).getByText('Deleted')).toBeTruthy();
    expect(within(deletedRow).queryByTestId('user-edit')).toBeNull();
    expect(within(deletedRow).queryByTestId('user-more')).toBeNull();
    expect(within(deletedRow).getByTestId('user-deleted-note')).toBeTruthy();
  });

  it('resets the quota counters after confirmation', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('alice', 'Reset quota counters');
    await pressInDialog('Cancel');
    expect(http.to(`${P}/refresh`)).toHaveLength(0);
    await openMenu('alice', 'Reset quota counters');
    await pressInDialog('Reset quota counters');
    await waitFor(() => expect(http.to(`${P}/refresh`)[0]?.body).toEqual({ user_id: 'u_alice' }));
    expect(await screen.findByText('Quota counters reset (3)')).toBeTruthy();
    expect(http.to(`${P}/refresh`)).toHaveLength(1);
  });

  it('deletes only once the username is typed', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('alice', 'Delete');
    const dialog = await confirmDialog();
    const ok = within(dialog).getByRole('button', { name: 'Delete' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByTestId('confirm-typed-input'), { target: { value: 'alic' } });
    expect(ok.hasAttribute('disabled')).toBe(true);
    await press(ok);
    expect(http.to(`${P}/delete`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('confirm-typed-input'), { target: { value: 'alice' } });
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    await press(ok);
    await waitFor(() => expect(http.to(`${P}/delete`)[0]?.body).toEqual({ user_id: 'u_alice' }));
    expect(await screen.findByText('Account deleted (2 private files removed)')).toBeTruthy();
    expect(http.to(`${P}/delete`)).toHaveLength(1);
  });

  it('edits a user, sending only what changed', async () => {
    const http = stub();
    await renderUsers();
    await press(within(row('alice')).getByTestId('user-edit'));
    const drawer = (await screen.findByText('Edit alice')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('E-mail'), { target: { value: 'Alice@New.example' } });
    await press(within(drawer).getByTestId('user-edit-save'));
    await waitFor(() =>
      expect(http.to(`${P}/edit`)[0]?.body).toEqual({ user_id: 'u_alice', email: 'alice@new.example' }),
    );
    expect(await screen.findByText('User saved')).toBeTruthy();
  });

  it('sends a username only once it is valid', async () => {
    const http = stub();
    await renderUsers();
    await press(within(row('alice')).getByTestId('user-edit'));
    const drawer = (await screen.findByText('Edit alice')).closest('.ant-drawer') as HTMLElement;
    const username = within(drawer).getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'a b' } });
    await press(within(drawer).getByTestId('user-edit-save'));
    expect(await within(drawer).findByText(USERNAME_RULE)).toBeTruthy();

    fireEvent.change(username, { target: { value: 'alice_2' } });
    await press(within(drawer).getByTestId('user-edit-save'));
    await waitFor(() =>
      expect(http.to(`${P}/edit`)[0]?.body).toEqual({ user_id: 'u_alice', username: 'alice_2' }),
    );
    expect(await screen.findByText('User saved')).toBeTruthy();
    // The refused save sent nothing, not even late: the only call is the valid one.
    expect(http.to(`${P}/edit`)).toHaveLength(1);
  });

  it('changes the plan level, with no end date', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('alice', 'Change plan');
    const dialog = (await screen.findByText('Plan of alice')).closest('.ant-modal') as HTMLElement;
    await pickOption('user-level-select', 'Institutional plan');
    await press(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(http.to(`${P}/level_change`)[0]?.body).toEqual({
        user_id: 'u_alice',
        user_level: 'paid_v0',
        user_level_expire_time: null,
      }),
    );
    expect(await screen.findByText('Plan changed')).toBeTruthy();
  });

  it('keeps the end date of a level when it has one', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('bob', 'Change plan');
    const dialog = (await screen.findByText('Plan of bob')).closest('.ant-modal') as HTMLElement;
    await press(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(http.to(`${P}/level_change`)[0]?.body).toEqual({
        user_id: 'u_bob',
        user_level: 'paid_v0',
        user_level_expire_time: '2026-01-01T00:00:00.000Z',
      }),
    );
  });

  it('resets a password that meets the contract rules, and no other', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('alice', 'Reset password');
    const dialog = (await screen.findByText('New password for alice')).closest('.ant-modal') as HTMLElement;
    const input = within(dialog).getByLabelText('New password');
    fireEvent.change(input, { target: { value: 'short' } });
    expect(within(dialog).getByTestId('password-checklist')).toBeTruthy();
    await press(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PASSWORD_RULE)).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Longer-Secret1' } });
    await press(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(http.to(`${P}/password`)[0]?.body).toEqual({ user_id: 'u_alice', passwd: 'Longer-Secret1' }),
    );
    expect(await screen.findByText('Password reset')).toBeTruthy();
    // The refused save sent nothing, not even late: the only call is the valid one.
    expect(http.to(`${P}/password`)).toHaveLength(1);
  });

  it('shows the download history, paged', async () => {
    const http = stub();
    await renderUsers();
    await openMenu('alice', 'Download history');
    expect(await screen.findByText('Rates outlook')).toBeTruthy();
    expect(http.to(`${P}/download_history`)[0]?.body).toEqual({
      user_id: 'u_alice',
      page_id: 1,
      page_length: 10,
    });
    expect(screen.getByText('10.0.0.1')).toBeTruthy();
  });

  it('shows what a user follows, their digest and their last digest', async () => {
    const http = stub({
      [`${P}/follows`]: {
        body: {
          user_id: 'u_alice',
          follows: [
            {
              follow_id: 'follow_0000000000001',
              kind: 'company',
              key: '0700.HK',
              label: 'Tencent',
              search: null,
              paused: false,
              created_time: '2025-03-01T10:00:00Z',
            },
          ],
          digest: 'daily',
          digest_sent: 'weekly',
          time_zone: 'Asia/Shanghai',
          last_digest: {
            period: 'w:2025-W10',
            state: 'failed',
            item_count: 0,
            attempts: 6,
            items_since: '2025-02-24T00:00:00Z',
            items_until: '2025-03-03T00:00:00Z',
            created_time: '2025-03-03T00:01:00Z',
            sent_time: null,
            next_attempt_time: null,
            last_error: '550 5.1.1 No such user',
          },
        },
      },
    });
    await renderUsers();
    await openMenu('alice', 'Follows and digest');
    expect(await screen.findByText('Tencent')).toBeTruthy();
    expect(http.to(`${P}/follows`)[0]?.body).toEqual({ user_id: 'u_alice' });
    const digest = screen.getByTestId('user-digest');
    expect(digest.textContent).toContain('Daily (sent Weekly on this plan)');
    expect(digest.textContent).toContain('Asia/Shanghai');
    expect(within(digest).getByTestId('user-last-digest').textContent).toContain('w:2025-W10');
    expect(within(digest).getByTestId('digest-state').getAttribute('data-state')).toBe('failed');
    expect(digest.textContent).toContain('550 5.1.1 No such user');
  });
});
