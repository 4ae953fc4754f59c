import type { InboxUnreadResponse } from '@rl/contract';
import { LIBRARY_PAGE_SIZE } from '@rl/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followKeys, followsApi } from '../../../api/follows-api';
import { OWN_FAILURE_MESSAGE } from '../../../api/library-api';
import { useFailureToast } from '../../../components/collections/use-failure-toast';

/** One page of my inbox, newest first; the previous page stays on screen while the next loads. */
export function useInboxPage(page: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: followKeys.inboxPage(page, unreadOnly),
    queryFn: ({ signal }) =>
      followsApi.inbox(
        { page_id: page, page_length: LIBRARY_PAGE_SIZE, unread_only: unreadOnly },
        { ...OWN_FAILURE_MESSAGE, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Marks reports read (one as it is opened, or all): the menu's count takes the answer at once, and
 * the inbox's pages are fetched again.
 */
export function useMarkRead() {
  const client = useQueryClient();
  const reportFailure = useFailureToast();
  return useMutation({
    mutationFn: (read: { fileIds: string[] } | { all: true }) =>
      followsApi.markRead(read, OWN_FAILURE_MESSAGE),
    onSuccess: (answer) => {
      client.setQueryData<InboxUnreadResponse>(followKeys.unread, answer);
      return client.invalidateQueries({ queryKey: followKeys.inbox });
    },
    onError: (error) => reportFailure(error, 'follows.failed.read'),
  });
}
