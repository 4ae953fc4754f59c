import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { useUserStore } from '../stores/user-store';
import { buildSearchResponse } from '../test/fixtures';
import { ApiError } from './api-error';
import { registerCatalogueHandler } from './catalogue-handler';
import type { CatalogueAction } from './error-catalogue';
import type { Contract } from './contract';
import { postApi } from './http-client';

/** The contract's plain acknowledgement, for calls whose answer these tests do not look at. */
const ok = (c: Contract) => c.Ok;

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
  );
}

describe('API client', () => {
  const actions: CatalogueAction[] = [];
  let unregister: () => void;

  beforeEach(() => {
    actions.length = 0;
    unregister = registerCatalogueHandler((action) => actions.push(action));
    useUserStore.setState({ token: null, user: null });
    useAppSettingsStore.setState({ language: 'en-US', isChineseUser: false });
  });

  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the token, language and fingerprint headers, and checks the answer', async () => {
    const fetchMock = respond(200, buildSearchResponse(1, 1));
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ token: 'tok-1' });
    useAppSettingsStore.setState({ language: 'zh-CN' });
    const result = await postApi('/api/file/search', { keyword: 'x' }, (c) => c.SearchResponse);
    expect(result.total_items).toBe(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(path).toBe('/api/file/search');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"keyword":"x"}');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('X-Language')).toBe('zh');
    expect(headers.get('X-Fingerprint')).toMatch(/^[0-9a-f]{64}$/);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await postApi('/api/x', {}, ok);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('marks a Chinese user from the x-country-code header', async () => {
    vi.stubGlobal('fetch', respond(200, { ok: true }, { 'x-country-code': 'CN' }));
    await postApi('/api/x', {}, ok);
    expect(useAppSettingsStore.getState().isChineseUser).toBe(true);
    vi.stubGlobal('fetch', respond(200, { ok: true }, { 'x-country-code': 'us' }));
    await postApi('/api/x', {}, ok);
    expect(useAppSettingsStore.getState().isChineseUser).toBe(false);
  });

  it('turns an error status into ApiError and runs the catalogue', async () => {
    vi.stubGlobal('fetch', respond(400, { error_msg: 'page_id must be greater than 0' }));
    const failure = await postApi('/api/x', {}, ok).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'page_id must be greater than 0' });
    expect(actions).toEqual([
      { kind: 'toast', message: 'page_id must be greater than 0', fallbackKey: 'errors.request.failed' },
    ]);
  });

  it('uses the logged-in state for 401', async () => {
    vi.stubGlobal('fetch', respond(401, { error_msg: 'expired' }));
    await postApi('/api/x', {}, ok).catch(() => undefined);
    useUserStore.setState({ token: 'tok' });
    await postApi('/api/x', {}, ok).catch(() => undefined);
    expect(actions).toEqual([{ kind: 'openLogin' }, { kind: 'notAuthorizedModal', message: 'expired' }]);
  });

  it('leaves errors to the caller when the catalogue is off, and honours hideErrorMessage', async () => {
    vi.stubGlobal('fetch', respond(500, { error_msg: 'boom' }));
    await postApi('/api/x', {}, ok, { catalogue: false }).catch(() => undefined);
    await postApi('/api/x', {}, ok, { hideErrorMessage: true }).catch(() => undefined);
    expect(actions).toEqual([]);
  });

  it('reports a response that breaks the contract', async () => {
    vi.stubGlobal('fetch', respond(200, { file_list: 'nope' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await postApi('/api/file/search', {}, (c) => c.SearchResponse).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ kind: 'contract' });
    expect(actions[0]).toMatchObject({ fallbackKey: 'errors.badResponse' });
  });

  it('reports a network failure, but not a cancelled call', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(postApi('/api/x', {}, ok)).rejects.toMatchObject({ kind: 'network', status: 0 });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('Aborted', 'AbortError')));
    await expect(postApi('/api/x', {}, ok)).rejects.toMatchObject({ name: 'AbortError' });
    expect(actions).toEqual([{ kind: 'toast', message: null, fallbackKey: 'errors.network' }]);
  });

  it('tolerates a non-JSON error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(postApi('/api/x', {}, ok)).rejects.toMatchObject({ status: 502, serverMessage: null });
    expect(actions).toEqual([{ kind: 'toast', message: null, fallbackKey: 'errors.generic' }]);
  });
});
