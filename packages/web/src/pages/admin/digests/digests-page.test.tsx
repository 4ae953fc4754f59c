import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, type RecordedCall } from '../../../test/fetch-recorder';
import { loadSchemas, loginAdmin, paged, press, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { DigestsPage } from './digests-page';

const LIST = '/api/manage/digest/list';

const digest = (state: string, over: Record<string, unknown> = {}) => ({
  user_id: 'u_alice',
  username: 'alice',
  email: 'alice@example.com',
  period: 'd:2025-03-04',
  state,
  item_count: 3,
  attempts: 1,
  items_since: '2025-03-03T00:00:00Z',
  items_until: '2025-03-04T00:00:00Z',
  created_time: '2025-03-04T00:01:00Z',
  sent_time: state === 'sent' ? '2025-03-04T00:01:05Z' : null,
  next_attempt_time: null,
  last_error: null,
  ...over,
});

describe('digests page', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => loginAdmin());
  afterEach(() => {
    resetAdmin();
    vi.unstubAllGlobals();
  });

  it('lists the digests, counts the failed ones and shows them with their SMTP answer', async () => {
    const failed = digest('failed', {
      username: 'bob',
      user_id: 'u_bob',
      attempts: 6,
      item_count: 0,
      last_error: '550 5.1.1 No such user',
    });
    const http = recordFetch({
      [LIST]: (call: RecordedCall) => ({
        body: {
          ...paged('items', call.body?.state === 'failed' ? [failed] : [digest('sent'), failed], 2, 1),
          failed: 1,
        },
      }),
    });
    renderAdmin(<DigestsPage />, '/admin/digests');
    const page = await screen.findByTestId('admin-digests-page');
    await waitFor(() => expect(within(page).getAllByTestId('digest-row')).toHaveLength(2));
    const alert = await screen.findByTestId('digests-failed');
    expect(alert.textContent).toContain('1 digest failed for good');
    await press(within(alert).getByRole('button', { name: 'Show them' }));
    await waitFor(() => expect(within(page).getAllByTestId('digest-row')).toHaveLength(1));
    const [row] = within(page).getAllByTestId('digest-row');
    expect(row!.getAttribute('data-state')).toBe('failed');
    expect(row!.textContent).toContain('550 5.1.1 No such user');
    expect(row!.textContent).toContain('bob');
    expect(http.to(LIST).some((c) => c.body?.state === 'failed' && c.body.page_id === 1)).toBe(true);
  });
});
