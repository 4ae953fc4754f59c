import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchStore } from '../../../stores/search-store';
import { useSearchUrl } from './use-search-url';

const realSearch = searchStore.getState().search;
afterEach(() => searchStore.setState({ search: realSearch }));

function renderAt(path: string) {
  const search = vi.fn(async () => {});
  searchStore.setState({ search });
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useSearchUrl(), { wrapper });
  return { hook, search, location: () => router!.state.location };
}

describe('search URL', () => {
  it('runs the same search again when it is asked again, without a history entry', () => {
    const { hook, search, location } = renderAt('/?q=inflation');
    const key = location().key;
    act(() => hook.result.current.updateCriteria((current) => ({ ...current, keyword: 'inflation' })));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ keyword: 'inflation' }), { force: true });
    expect(location().key).toBe(key);
  });

  it('puts a new search in the URL instead', () => {
    const { hook, search, location } = renderAt('/?q=inflation');
    act(() => hook.result.current.updateCriteria((current) => ({ ...current, keyword: 'gold' })));
    expect(location().search).toBe('?q=gold');
    expect(search).not.toHaveBeenCalled();
  });
});
