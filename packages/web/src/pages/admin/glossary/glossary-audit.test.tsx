import type { AuditRecord } from '@rl/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyInterfaceLocale } from '../../../locale/switch-locale';
import { recordFetch } from '../../../test/fetch-recorder';
import { AuditPage } from '../audit/audit-page';
import { loadSchemas, loginAdmin, paged, renderAdmin, resetAdmin } from '../shared/admin-test-utils';

const LIST = '/api/manage/audit/list';

const record = (id: number, overrides: Partial<AuditRecord>): AuditRecord => ({
  id,
  admin_id: 'u_admin',
  admin_username: 'root',
  actor_role: 'admin',
  report: null,
  action: 'glossary.edit',
  target_type: 'glossary',
  target_id: 'b:利率',
  before: null,
  after: null,
  created_time: '2025-03-10T09:00:00Z',
  ...overrides,
});

describe('glossary actions in the audit log', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('names the actions and writes a term’s domain, origin and forms in words, in both languages', async () => {
    recordFetch({
      [LIST]: {
        body: paged('items', [
          record(1, {
            before: { zh: ['利率'], domain: 'rates', origin: 'builtin' },
            after: { zh: ['利率', '息率'], domain: 'credit', origin: 'edited' },
          }),
          record(2, { action: 'glossary.import', before: null, after: { added: 3 } }),
        ]),
      },
    });
    renderAdmin(<AuditPage />, '/admin/audit');
    expect(await screen.findByText('Glossary term edited')).toBeTruthy();
    expect(screen.getByText('Glossary imported')).toBeTruthy();
    const texts = () => screen.getAllByTestId('audit-change').map((li) => li.textContent);
    expect(texts()).toEqual([
      'Chinese forms: 利率 → 利率, 息率',
      'Domain: Interest rates → Credit',
      'Origin: Built-in → Edited here',
      'Added: not set → 3',
    ]);
    try {
      await act(() => applyInterfaceLocale('zh-CN'));
      await waitFor(() =>
        expect(texts()).toEqual([
          '中文写法：利率 → 利率, 息率',
          '领域：利率 → 信用',
          '来源：内置 → 已在此修改',
          '新增：未设置 → 3',
        ]),
      );
    } finally {
      await act(() => applyInterfaceLocale('en-US'));
    }
  });
});
