import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFileKeys } from '../../../api/admin/files-api';
import { QueryScope } from '../../../api/query-scope';
import { queryClient } from '../../../api/query-client';
import { initI18n } from '../../../locale/i18n';
import { useAdminTable, type AdminTableRequest } from './use-admin-table';

initI18n();

interface Answer {
  rows: { id: string }[];
  total_items: number;
}

/** Runs the hook inside a memory router at `path`; returns the router too. */
function setup(path: string, fetchPage: (request: AdminTableRequest) => Promise<Answer>, urlState = true) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: <QueryScope>{children}</QueryScope> }], {
      initialEntries: [path],
    });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () =>
      useAdminTable({
        queryKeys: adminFileKeys, // any table's key factory
        filterKeys: ['keyword', 'status'],
        sortFields: ['title', 'upload_time'],
        defaultSort: { field: 'upload_time', order: 'desc' },
        fetchPage,
        rowsOf: (answer) => answer.rows,
        rowKey: 'id',
        urlState,
      }),
    { wrapper },
  );
  return { ...hook, router: () => router };
}

describe('useAdminTable', () => {
  afterEach(() => queryClient.clear());

  it('reads page, sort and filters from the URL and asks for that page', async () => {
    const fetchPage = vi.fn(async () => ({ rows: [{ id: 'a' }], total_items: 41 }));
    const { result } = setup('/x?page=3&status=failed&sort=title&order=asc&other=1', fetchPage);
    await waitFor(() => expect(result.current.tableProps.dataSource).toEqual([{ id: 'a' }]));
    expect(fetchPage).toHaveBeenCalledWith(
      { status: 'failed', sort_by: 'title', sort_order: 'asc', page_id: 3, page_length: 20 },
      expect.anything(),
    );
    expect(result.current.tableProps.pagination).toMatchObject({ current: 3, pageSize: 20, total: 41 });
    expect(result.current.sortOrderOf('title')).toBe('ascend');
    expect(result.current.sortOrderOf('upload_time')).toBeNull();
  });

  it('writes filters, paging and sorting to the URL; a filter goes back to page 1', async () => {
    const fetchPage = vi.fn(async () => ({ rows: [], total_items: 100 }));
    const { result, router } = setup('/x?page=2', fetchPage);
    act(() => result.current.setFilters({ keyword: 'rates', status: '' }));
    await waitFor(() => expect(router().state.location.search).toBe('?keyword=rates'));
    act(() =>
      result.current.tableProps.onChange?.(
        { current: 4, pageSize: 20 },
        {},
        {},
        { action: 'paginate', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(router().state.location.search).toBe('?keyword=rates&page=4'));
    act(() =>
      result.current.tableProps.onChange?.(
        { current: 4, pageSize: 20 },
        {},
        { columnKey: 'title', order: 'ascend' },
        { action: 'sort', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(router().state.location.search).toBe('?keyword=rates&sort=title&order=asc'));
    // Clearing the sort of the sorted column flips it instead of falling back to the default.
    act(() =>
      result.current.tableProps.onChange?.(
        { current: 1, pageSize: 20 },
        {},
        { columnKey: 'title', order: undefined },
        { action: 'sort', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(router().state.location.search).toBe('?keyword=rates&sort=title&order=desc'));
    act(() => result.current.resetFilters());
    await waitFor(() => expect(router().state.location.search).toBe('?sort=title&order=desc'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        { sort_by: 'title', sort_order: 'desc', page_id: 1, page_length: 20 },
        expect.anything(),
      ),
    );
  });

  it('keeps its state in the component when urlState is false', async () => {
    const fetchPage = vi.fn(async () => ({ rows: [], total_items: 0 }));
    const { result, router } = setup('/x', fetchPage, false);
    act(() => result.current.setFilters({ status: 'ready' }));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        { status: 'ready', sort_by: 'upload_time', sort_order: 'desc', page_id: 1, page_length: 20 },
        expect.anything(),
      ),
    );
    expect(router().state.location.search).toBe('');
  });
});
