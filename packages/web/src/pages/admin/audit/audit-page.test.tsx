import type { AuditRecord } from '@rl/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import {
  loadSchemas,
  loginAdmin,
  paged,
  pickOption,
  press,
  renderAdmin,
  resetAdmin,
} from '../shared/admin-test-utils';
import { applyInterfaceLocale } from '../../../locale/switch-locale';
import { formatDateTime } from '../../../utils/format';
import { auditChanges, shortValue } from './audit-diff';
import { AuditPage } from './audit-page';

const LIST = '/api/manage/audit/list';

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  id: 1,
  admin_id: 'u_admin',
  admin_username: 'root',
  actor_role: 'admin',
  report: null,
  action: 'user.active',
  target_type: 'user',
  target_id: 'u_alice',
  before: { status: 'active', username: 'alice' },
  after: { status: 'disabled', username: 'alice' },
  created_time: '2025-03-10T09:00:00Z',
  ...overrides,
});

describe('audit diff', () => {
  it('lists only the keys that changed, from either side', () => {
    expect(
      auditChanges({ a: 1, b: [1, 2], c: 'same', d: null }, { a: 2, b: [1, 2], c: 'same', e: true }),
    ).toEqual([
      { key: 'a', before: 1, after: 2 },
      { key: 'd', before: null, after: undefined },
      { key: 'e', before: undefined, after: true },
    ]);
    expect(auditChanges(null, { plan: 'trial' })).toEqual([
      { key: 'plan', before: undefined, after: 'trial' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('shortens values', () => {
    expect(shortValue('text')).toBe('text');
    expect(shortValue(null)).toBe('null');
    expect(shortValue(undefined)).toBe('∅');
    expect(shortValue({ a: 1 })).toBe('{"a":1}');
    expect(shortValue('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('audit page', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    resetAdmin();
    vi.unstubAllGlobals();
  });

  it('shows each action translated with its changed keys, and the full JSON when expanded', async () => {
    const http = recordFetch({
      [LIST]: {
        body: paged('items', [
          record({}),
          record({
            id: 2,
            action: 'user.level_change',
            before: { user_level: 'trial', user_level_expire_time: null },
            after: { user_level: 'paid_v0', user_level_expire_time: '2026-01-01T00:00:00Z' },
          }),
        ]),
      },
    });
    renderAdmin(<AuditPage />, '/admin/audit');
    await screen.findByText('User enabled/disabled');
    expect(http.to(LIST)[0]!.body).toEqual({ page_id: 1, page_length: 20 });
    expect(screen.getByText('Plan changed')).toBeTruthy();
    const rows = screen.getAllByTestId('audit-diff');
    const first = within(rows[0]!).getAllByTestId('audit-change');
    expect(first).toHaveLength(1);
    expect(first[0]!.textContent).toBe('Status: Active → Disabled');
    expect(
      within(rows[1]!)
        .getAllByTestId('audit-change')
        .map((li) => li.textContent),
    ).toEqual([
      'Plan: Free plan → Institutional plan',
      `Plan ends: none → ${formatDateTime('2026-01-01T00:00:00Z', 'en-US')}`,
    ]);

    await press(screen.getAllByRole('button', { name: /expand row/i })[0]!);
    const json = await screen.findByTestId('audit-json');
    expect(json.textContent).toContain('"status": "active"');
    expect(json.textContent).toContain('"status": "disabled"');
  });

  it('writes stored values in words, in both languages', async () => {
    recordFetch({
      [LIST]: {
        body: paged('items', [
          record({
            action: 'dmca.edit',
            target_type: 'dmca',
            before: { status: 'received' },
            after: { status: 'accepted' },
          }),
          record({
            id: 2,
            action: 'message.edit',
            target_type: 'message',
            before: { handled: false },
            after: { handled: true },
          }),
        ]),
      },
    });
    renderAdmin(<AuditPage />, '/admin/audit');
    await screen.findByText('DMCA complaint updated');
    const texts = () => screen.getAllByTestId('audit-change').map((li) => li.textContent);
    expect(texts()).toEqual(['Status: Received → Accepted', 'Handled: No → Yes']);
    try {
      await act(() => applyInterfaceLocale('zh-CN'));
      await waitFor(() => expect(texts()).toEqual(['状态：已收到 → 已受理', '已处理：否 → 是']));
    } finally {
      await act(() => applyInterfaceLocale('en-US'));
    }
  });

  it('names the report by its title, linked, and who acted in what capacity, in both languages', async () => {
    recordFetch({
      [LIST]: {
        body: paged('items', [
          record({
            action: 'file.edit',
            target_type: 'file',
            target_id: 'f_kestrel',
            admin_id: 'u_ann',
            admin_username: 'ann',
            actor_role: 'owner',
            report: { id: 'f_kestrel', title: 'Kestrel outlook 2027', deleted: false },
            before: { title: 'Kestrel outlook' },
            after: { title: 'Kestrel outlook 2027' },
          }),
          record({
            id: 2,
            action: 'dmca.counter_notice',
            target_type: 'dmca',
            target_id: 'd_osprey',
            report: { id: 'f_osprey', title: 'Osprey note', deleted: true },
            before: { status: 'accepted' },
            after: { status: 'counter_notice' },
          }),
        ]),
      },
    });
    renderAdmin(<AuditPage />, '/admin/audit');
    const link = await screen.findByTestId('audit-target-report');
    expect(link.textContent).toBe('Kestrel outlook 2027');
    expect(link.getAttribute('href')).toBe('/admin/files?details=f_kestrel');
    expect(link.getAttribute('title')).toBe('f_kestrel');
    expect(screen.queryByText('f_kestrel')).toBeNull();
    expect(screen.getByTestId('audit-target-deleted').textContent).toBe('Osprey note (report deleted)');
    expect(screen.getByText('d_osprey')).toBeTruthy();
    const roles = () => screen.getAllByTestId('audit-actor-role').map((tag) => tag.textContent);
    expect(roles()).toEqual(['Owner', 'Administrator']);
    expect(screen.getAllByText('Actor').length).toBeGreaterThan(0);
    expect(screen.getByText('Report')).toBeTruthy();
    try {
      await act(() => applyInterfaceLocale('zh-CN'));
      await waitFor(() => expect(roles()).toEqual(['所有者', '管理员']));
      expect(screen.getByText('研报')).toBeTruthy();
      expect(screen.getByText('DMCA 投诉')).toBeTruthy();
      expect(screen.getByTestId('audit-target-deleted').textContent).toBe('Osprey note （研报已删除）');
    } finally {
      await act(() => applyInterfaceLocale('en-US'));
    }
  });

  it('writes a correction of the companies as lines, company by company', async () => {
    const adobe = {
      ticker: 'ADBE.US',
      company_name: 'Adobe',
      rating: 'Overweight',
      rating_normalised: 'buy',
      target_price_value: 600,
      currency: 'USD',
    };
    recordFetch({
      [LIST]: {
        body: paged('items', [
          record({
            action: 'file.edit',
            target_type: 'file',
            before: { stock_information: [adobe], sector: null },
            after: {
              stock_information: [
                { ...adobe, rating: 'Equal-weight', rating_normalised: 'hold', target_price_value: 450 },
                { ticker: 'NVDA.US', company_name: 'NVIDIA', rating: 'Buy' },
              ],
              sector: 'semiconductors',
            },
          }),
        ]),
      },
    });
    renderAdmin(<AuditPage />, '/admin/audit');
    await screen.findByText('File edited');
    await press(screen.getAllByRole('button', { name: /expand row/i })[0]!);
    const details = await screen.findByTestId('audit-details');
    expect(
      within(details)
        .getAllByTestId('audit-change')
        .map((li) => li.textContent),
    ).toEqual([
      'ADBE.US Rating as printed: Overweight → Equal-weight',
      'ADBE.US Rating: Buy → Hold',
      'ADBE.US Target price: 600 → 450',
      'NVDA.US: not set → NVIDIA (NVDA.US) · Buy',
      'Sector: none → Semiconductors',
    ]);
    expect(details.textContent).not.toContain('{"');
  });

  it('filters by action and target id on the server', async () => {
    const http = recordFetch({ [LIST]: { body: paged('items', [record({})]) } });
    const { router } = renderAdmin(<AuditPage />, '/admin/audit');
    await screen.findByText('User enabled/disabled');
    await pickOption('audit-action-filter', 'User deleted');
    await waitFor(() =>
      expect(http.to(LIST).at(-1)!.body).toEqual({ action: 'user.delete', page_id: 1, page_length: 20 }),
    );
    const target = screen.getByPlaceholderText('Target id');
    fireEvent.change(target, { target: { value: 'u_bob' } });
    fireEvent.keyDown(target, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(http.to(LIST).at(-1)!.body).toEqual({
        action: 'user.delete',
        target_id: 'u_bob',
        page_id: 1,
        page_length: 20,
      }),
    );
    expect(router.state.location.search).toContain('target_id=u_bob');
  });
});
