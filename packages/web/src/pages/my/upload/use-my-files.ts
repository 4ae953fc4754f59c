import type { MyFilesResponse } from '@rl/contract';
import { LIBRARY_PAGE_SIZE } from '@rl/contract/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadKeys, uploadsApi } from '../../../api/uploads-api';

/** How often the list is asked again while a file is being processed. */
export const PROCESSING_POLL_MS = 2_000;

export function hasProcessing(data: MyFilesResponse | undefined): boolean {
  return data?.file_list.some((file) => file.status === 'processing') ?? false;
}

/** One page of my uploads with my usage; polled while any file on it is processing. */
export function useMyFiles(page: number) {
  return useQuery({
    queryKey: uploadKeys.myFilesPage(page),
    queryFn: ({ signal }) =>
      uploadsApi.myFiles({ page_id: page, page_length: LIBRARY_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (hasProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}

/** Asks every page of my files again (after an upload, a delete or a publish). */
export function useRefreshMyFiles() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: uploadKeys.myFiles }), [client]);
}
