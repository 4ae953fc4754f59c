import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRecordView } from './use-record-view';

/** A fake /api/file/view: the server's count per file, as the server answers it. */
function viewServer(counts: Record<string, number>) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { file_id } = JSON.parse(String(init?.body)) as { file_id: string };
    const views = counts[file_id];
    return new Response(JSON.stringify({ ok: true, views: views ?? 0 }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const viewCalls = (fetchMock: ReturnType<typeof viewServer>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/file/view'));

describe('useRecordView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('records one view per opening and shows the count the server answered', async () => {
    const fetchMock = viewServer({ a: 7, b: 3 });
    const { result, rerender } = renderHook(({ id }) => useRecordView(id), {
      initialProps: { id: 'a' as string | null },
    });
    await waitFor(() => expect(result.current).toBe(7));
    rerender({ id: 'b' });
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe(3));
    // Opening the first report again asks again; the server decides whether it counts.
    rerender({ id: 'a' });
    await waitFor(() => expect(result.current).toBe(7));
    expect(viewCalls(fetchMock)).toHaveLength(3);
  });

  it('sends nothing without a report', async () => {
    const fetchMock = viewServer({});
    const { result } = renderHook(({ id }) => useRecordView(id), {
      initialProps: { id: null as string | null },
    });
    expect(viewCalls(fetchMock)).toHaveLength(0);
    expect(result.current).toBeNull();
  });
});
