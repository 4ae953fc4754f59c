/**
 * useAdminTable: one server-paged console table (TanStack Query), its page, sort and filters kept
 * in the URL search params (back and forward work, a link reopens the same page). Usage:
 *
 *   const table = useAdminTable({
 *     queryKeys: adminFileKeys,                           // its key factory: `lists`, `list(request)`
 *     filterKeys: ['keyword', 'status'] as const,         // URL param = request field, string values
 *     sortFields: ADMIN_FILE_SORTS, defaultSort: { field: 'upload_time', order: 'desc' },
 *     fetchPage: (request, signal) => adminFilesApi.list(request as AdminFileListRequest, { signal }),
 *     rowsOf: (answer) => answer.file_list,
 *     rowKey: 'id',
 *   });
 *   <Input.Search defaultValue={table.filters.keyword} onSearch={(v) => table.setFilters({ keyword: v })} />
 *   <Table {...table.tableProps} columns={[{ dataIndex: 'title', sorter: true, sortOrder: table.sortOrderOf('title') }]} />
 *
 * The request given to fetchPage: `{ page_id, page_length, sort_by?, sort_order?, ...filters }`,
 * empty filters left out. setFilters goes back to page 1. Sorting: give sortable columns a `key`
 * (or dataIndex) from sortFields, `sorter: true` and `sortOrder: table.sortOrderOf(key)`. `urlState: false` keeps the state in the
 * component instead (a table inside a drawer); `paramPrefix` separates two URL tables on one page.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_MAX_PAGE_LENGTH, ADMIN_PAGE_SIZE } from '@rl/contract';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export interface AdminTableRequest {
  page_id: number;
  page_length: number;
  sort_by?: string;
  sort_order?: SortOrder;
  [filter: string]: string | number | undefined;
}

/**
 * A table's query keys, from its area's key factory in `api/admin/` (a factory with `lists` and
 * `list` fits as it is).
 */
export interface AdminTableKeys {
  /** What every page of the table shares: refresh() invalidates it. */
  lists: readonly unknown[];
  /** One page's key: `lists` and the request. */
  list(request: AdminTableRequest): readonly unknown[];
}

export interface AdminTableConfig<Row, Answer extends { total_items: number }, FilterKey extends string> {
  queryKeys: AdminTableKeys;
  /** The filters, named as in the request (and the URL). */
  filterKeys?: readonly FilterKey[];
  /** Fields the table may sort by (others in the URL are ignored). */
  sortFields?: readonly string[];
  defaultSort?: { field: string; order: SortOrder };
  pageSize?: number;
  fetchPage(
    request: AdminTableRequest & Partial<Record<FilterKey, string>>,
    signal: AbortSignal,
  ): Promise<Answer>;
  rowsOf(answer: Answer): Row[];
  rowKey: TableProps<Row>['rowKey'];
  /** false: page, sort and filters live in the component, not the URL. Default true. */
  urlState?: boolean;
  paramPrefix?: string;
  /** Query only while true (e.g. a drawer's table while it is open). */
  enabled?: boolean;
}

export interface AdminTable<Row, Answer, FilterKey extends string> {
  /** Spread on antd's Table: rows, loading, pagination and the sort handler. */
  tableProps: Pick<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowKey'>;
  filters: Partial<Record<FilterKey, string>>;
  /** Sets (or with '' / undefined, clears) filters and goes back to page 1. */
  setFilters(patch: Partial<Record<FilterKey, string | undefined>>): void;
  resetFilters(): void;
  page: number;
  pageSize: number;
  sort: { field: string; order: SortOrder } | null;
  /** antd's sortOrder for a column (controlled sorting). */
  sortOrderOf(field: string): 'ascend' | 'descend' | null;
  request: AdminTableRequest;
  answer: Answer | undefined;
  isError: boolean;
  /** Asks every page of this table again (after a change). */
  refresh(): Promise<void>;
}

type Params = Record<string, string>;

function useParamState(urlState: boolean, prefix: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState<Params>({});
  const params = useMemo<Params>(() => {
    if (!urlState) return local;
    const result: Params = {};
    for (const [key, value] of searchParams) {
      if (key.startsWith(prefix)) result[key.slice(prefix.length)] = value;
    }
    return result;
  }, [urlState, local, searchParams, prefix]);
  const update = useCallback(
    (patch: Record<string, string | undefined>) => {
      if (!urlState) {
        setLocal((current) => {
          const next = { ...current };
          for (const [key, value] of Object.entries(patch)) {
            if (value) next[key] = value;
            else delete next[key];
          }
          return next;
        });
        return;
      }
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(prefix + key, value);
          else next.delete(prefix + key);
        }
        return next;
      });
    },
    [urlState, setSearchParams, prefix],
  );
  return [params, update] as const;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function useAdminTable<Row, Answer extends { total_items: number }, FilterKey extends string = never>(
  config: AdminTableConfig<Row, Answer, FilterKey>,
): AdminTable<Row, Answer, FilterKey> {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { filterKeys = [], sortFields = [], defaultSort, pageSize: defaultSize = ADMIN_PAGE_SIZE } = config;
  const [params, update] = useParamState(config.urlState ?? true, config.paramPrefix ?? '');

  const page = positive(params.page, 1);
  const pageSize = Math.min(ADMIN_MAX_PAGE_LENGTH, positive(params.size, defaultSize));
  // The lists are compared by value: callers may pass a fresh array on each render.
  const filterList = filterKeys.join(',');
  const sortList = sortFields.join(',');
  const filters = useMemo(() => {
    const result: Partial<Record<FilterKey, string>> = {};
    for (const key of filterList.split(',') as FilterKey[]) if (key && params[key]) result[key] = params[key];
    return result;
  }, [params, filterList]);
  const sortParam = params.sort && sortList.split(',').includes(params.sort) ? params.sort : null;
  const orderParam: SortOrder = params.order === 'asc' ? 'asc' : 'desc';
  const defaultField = defaultSort?.field;
  const defaultOrder = defaultSort?.order;
  const sort = useMemo(() => {
    if (sortParam) return { field: sortParam, order: orderParam };
    return defaultField ? { field: defaultField, order: defaultOrder ?? 'desc' } : null;
  }, [sortParam, orderParam, defaultField, defaultOrder]);

  const request = useMemo<AdminTableRequest>(
    () => ({
      ...filters,
      ...(sort ? { sort_by: sort.field, sort_order: sort.order } : {}),
      page_id: page,
      page_length: pageSize,
    }),
    [filters, sort, page, pageSize],
  );

  const { fetchPage, queryKeys } = config;
  const query = useQuery({
    queryKey: queryKeys.list(request),
    queryFn: ({ signal }) =>
      fetchPage(request as AdminTableRequest & Partial<Record<FilterKey, string>>, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    enabled: config.enabled ?? true,
  });

  const setFilters = useCallback(
    (patch: Partial<Record<FilterKey, string | undefined>>) =>
      update({ ...(patch as Record<string, string | undefined>), page: undefined }),
    [update],
  );
  const resetFilters = useCallback(
    () => update(Object.fromEntries([...filterList.split(','), 'page'].map((key) => [key, undefined]))),
    [update, filterList],
  );

  const onChange = useCallback<NonNullable<TableProps<Row>['onChange']>>(
    (pagination: TablePaginationConfig, _filters, sorter) => {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const clicked = String(single?.columnKey ?? single?.field ?? '');
      let order: SortOrder | undefined =
        single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : undefined;
      // antd's third click clears the sort, which would bring back the same default order: flip it.
      if (!order && sort && clicked === sort.field) order = sort.order === 'asc' ? 'desc' : 'asc';
      const field = order ? clicked : '';
      const nextSort = field && sortList.split(',').includes(field) ? field : undefined;
      const nextOrder = nextSort ? order : undefined;
      const sortChanged = nextSort !== params.sort || nextOrder !== params.order;
      const nextSize = pagination.pageSize ?? pageSize;
      update({
        page: sortChanged || nextSize !== pageSize ? undefined : String(pagination.current ?? 1),
        size: nextSize === defaultSize ? undefined : String(nextSize),
        sort: nextSort,
        order: nextOrder,
      });
    },
    [update, params.sort, params.order, pageSize, defaultSize, sortList, sort],
  );

  const sortOrderOf = useCallback(
    (field: string) => (sort?.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null),
    [sort],
  );

  const answer = query.data;
  // Compared by value too: a table's keys may be built afresh on each render.
  const keyText = JSON.stringify(queryKeys.lists);
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: JSON.parse(keyText) as unknown[] }),
    [client, keyText],
  );

  return {
    tableProps: {
      dataSource: answer ? config.rowsOf(answer) : [],
      loading: query.isFetching,
      rowKey: config.rowKey,
      onChange,
      pagination: {
        current: page,
        pageSize,
        total: answer?.total_items ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('admin.table.total', { count: total }),
      },
    },
    filters,
    setFilters,
    resetFilters,
    page,
    pageSize,
    sort,
    sortOrderOf,
    request,
    answer,
    isError: query.isError,
    refresh,
  };
}
