import {
  ANALYST_NAME_MAX as CONTRACT_ANALYST_MAX,
  FOLLOW_LABEL_MAX as CONTRACT_LABEL_MAX,
  type Follow,
} from '@rl/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user-store';
import { recordFetch } from '../test/fetch-recorder';
import { buildListItem } from '../test/fixtures';
import { isApiError } from './api-error';
import { ANALYST_NAME_MAX, findFollow, FOLLOW_LABEL_MAX, followKeys, followsApi } from './follows-api';

const follow = (overrides: Partial<Follow> = {}): Follow => ({
  follow_id: 'follow_00000000001',
  kind: 'company',
  key: '0700.HK',
  label: 'Tencent',
  search: null,
  paused: false,
  created_time: '2026-11-20T08:00:00Z',
  ...overrides,
});

describe('the follows calls', () => {
  beforeEach(() => useUserStore.setState({ token: 'tok' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists my follows with the plan’s limit, checked against the contract', async () => {
    const server = recordFetch({
      '/api/follow/list': { body: { follows: [follow()], limit: -1, used: 1 } },
    });
    const answer = await followsApi.list();
    expect(answer).toEqual({ follows: [follow()], limit: -1, used: 1 });
    expect(server.to('/api/follow/list')[0]).toMatchObject({ method: 'POST', body: {} });
    expect(server.to('/api/follow/list')[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('adds a follow and answers it; removes one by id', async () => {
    const server = recordFetch({
      '/api/follow/add': { body: { follow: follow() } },
      '/api/follow/remove': { body: { ok: true } },
    });
    await expect(followsApi.add({ target: { kind: 'company', ticker: '0700.HK' } })).resolves.toEqual(
      follow(),
    );
    await followsApi.remove('follow_00000000001');
    expect(server.to('/api/follow/add')[0]?.body).toEqual({ target: { kind: 'company', ticker: '0700.HK' } });
    expect(server.to('/api/follow/remove')[0]?.body).toEqual({ follow_id: 'follow_00000000001' });
  });

  it('renames and pauses, sending only what changes and answering the follow the server stored', async () => {
    // The server's answer, not the request: what the client hands back is what was stored.
    const stored = follow({ label: 'Tencent (HK)', paused: true, created_time: '2026-11-19T08:00:00Z' });
    const server = recordFetch({ '/api/follow/update': { body: { follow: stored } } });
    await expect(
      followsApi.update({ follow_id: 'follow_00000000001', label: 'Tencent (HK)' }),
    ).resolves.toEqual(stored);
    await followsApi.update({ follow_id: 'follow_00000000001', paused: true });
    expect(server.to('/api/follow/update').map((call) => call.body)).toEqual([
      { follow_id: 'follow_00000000001', label: 'Tencent (HK)' },
      { follow_id: 'follow_00000000001', paused: true },
    ]);
  });

  it('reads a page of the inbox, the unread count, and marks reports read', async () => {
    const item = {
      ...buildListItem({ id: 'file_00000000001', title: 'Tencent: games recover' }),
      reasons: [{ follow_id: 'follow_00000000001', kind: 'company', label: 'Tencent' }],
      arrived_time: '2026-11-21T08:00:00Z',
      read: false,
    };
    const server = recordFetch({
      '/api/inbox/list': { body: { items: [item], unread: 1, total_items: 1, page_id: 1, page_length: 20 } },
      '/api/inbox/unread': { body: { unread: 4 } },
      '/api/inbox/read': { body: { unread: 0 } },
    });
    const page = await followsApi.inbox({ page_id: 1, page_length: 20, unread_only: true });
    expect(page.items.map((i) => i.id)).toEqual(['file_00000000001']);
    expect(server.to('/api/inbox/list')[0]?.body).toEqual({ page_id: 1, page_length: 20, unread_only: true });
    await followsApi.unread();
    expect(server.to('/api/inbox/unread')[0]).toMatchObject({ method: 'POST', body: {} });
    await followsApi.markRead({ fileIds: ['file_00000000001'] });
    await followsApi.markRead({ all: true });
    expect(server.to('/api/inbox/read').map((call) => call.body)).toEqual([
      { file_ids: ['file_00000000001'] },
      { all: true },
    ]);
  });

  it('refuses an answer that breaks the contract', async () => {
    recordFetch({ '/api/follow/list': { body: { follows: [{ follow_id: 1 }], limit: 5 } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await followsApi.list({ catalogue: false }).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('contract');
  });

  it('keys the inbox’s pages and count under one key, the follows apart', () => {
    expect(followKeys.inboxPage(2, true).slice(0, 1)).toEqual(followKeys.inbox);
    expect(followKeys.unread.slice(0, 1)).toEqual(followKeys.inbox);
    expect(followKeys.list[0]).not.toBe(followKeys.inbox[0]);
  });

  it('keeps the contract’s longest names', () => {
    expect(FOLLOW_LABEL_MAX).toBe(CONTRACT_LABEL_MAX);
    expect(ANALYST_NAME_MAX).toBe(CONTRACT_ANALYST_MAX);
  });
});

describe('my follow of a target', () => {
  const follows = [
    follow(),
    follow({ follow_id: 'f2', kind: 'issuer', key: 'acme research', label: 'Acme' }),
    follow({ follow_id: 'f3', kind: 'search', key: 'copper|{}', label: 'Copper' }),
  ];

  it('is found by kind and key, a ticker in any case', () => {
    expect(findFollow(follows, { kind: 'company', ticker: '0700.hk' })?.follow_id).toBe('follow_00000000001');
    expect(findFollow(follows, { kind: 'issuer', issuer: ' Acme Research ' })?.follow_id).toBe('f2');
    expect(findFollow(follows, { kind: 'analyst', analyst: 'Acme Research' })).toBeNull();
    expect(findFollow(follows, { kind: 'company', ticker: '9988.HK' })).toBeNull();
  });

  it('is found for a name in traditional characters, as the server folds it to simplified', () => {
    const analyst = follow({ follow_id: 'f4', kind: 'analyst', key: '张 伟', label: '張偉' });
    const broker = follow({ follow_id: 'f5', kind: 'issuer', key: '国泰君安证券', label: '國泰君安' });
    expect(findFollow([analyst, broker], { kind: 'analyst', analyst: '張  偉' })?.follow_id).toBe('f4');
    expect(findFollow([analyst, broker], { kind: 'issuer', issuer: '國泰君安證券' })?.follow_id).toBe('f5');
  });

  it('is never a saved search: each is saved by its name', () => {
    expect(findFollow(follows, { kind: 'search', search: { keyword: 'copper', filter: {} } })).toBeNull();
  });
});
