import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user-store';
import { pdfDocumentKey, readRange } from './pdf-link-api';

const LINK_A = '/api/file/stream/f1?v=original&exp=1000&sig=aaa';
const LINK_B = '/api/file/stream/f1?v=original&exp=1600&sig=bbb';

function pdfAnswer(bytes: number[], total: number) {
  return new Response(new Uint8Array(bytes), {
    status: 206,
    headers: { 'Content-Range': `bytes 0-${bytes.length - 1}/${total}` },
  });
}
const refusal = (status: number, code: string) =>
  new Response(JSON.stringify({ error_msg: 'x', code }), { status });

describe('pdfDocumentKey', () => {
  it('is the same for a renewed link of one document, and differs between variants and files', () => {
    expect(pdfDocumentKey(LINK_A)).toBe(pdfDocumentKey(LINK_B));
    expect(pdfDocumentKey(LINK_A)).not.toBe(pdfDocumentKey(LINK_A.replace('v=original', 'v=zh-hans')));
    expect(pdfDocumentKey(LINK_A)).not.toBe(pdfDocumentKey(LINK_A.replace('/f1?', '/f2?')));
  });
});

describe('readRange', () => {
  beforeEach(() => useUserStore.setState({ token: 'tok-1' }));
  afterEach(() => vi.unstubAllGlobals());

  it('carries the session token, the fingerprint and the range, and reads the size', async () => {
    const fetchMock = vi.fn(async () => pdfAnswer([1, 2, 3], 99));
    vi.stubGlobal('fetch', fetchMock);
    const got = await readRange({ current: () => LINK_A }, 0, 3);
    expect(got).toEqual({ bytes: new Uint8Array([1, 2, 3]), total: 99, whole: false });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe(LINK_A);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('X-Fingerprint')).toMatch(/^[0-9a-f]{64}$/);
    expect(headers.get('Range')).toBe('bytes=0-2');
  });

  it('renews an ended link (expired, or refused after logout) and reads with the new one', async () => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockResolvedValueOnce(refusal(403, 'link_expired'))
      .mockResolvedValueOnce(pdfAnswer([7], 1));
    vi.stubGlobal('fetch', fetchMock);
    const renew = vi.fn(async () => LINK_B);
    const got = await readRange({ current: () => LINK_A, renew }, 0, null);
    expect(got.bytes).toEqual(new Uint8Array([7]));
    expect(renew).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([LINK_A, LINK_B]);
  });

  it('gives up after three refusals', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal(403, 'link_invalid')),
    );
    const renew = vi.fn(async () => LINK_B);
    await expect(readRange({ current: () => LINK_A, renew }, 0, 10)).rejects.toThrow(/403/);
    expect(renew).toHaveBeenCalledTimes(2);
  });
});
