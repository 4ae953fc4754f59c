import type { FollowAddRequest, FollowUpdateRequest } from '@rl/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileKeys } from '../../api/files-api';
import { followKeys, followsApi } from '../../api/follows-api';
import { OWN_FAILURE_MESSAGE } from '../../api/library-api';
import { isLoggedIn, useUserStore } from '../../stores/user-store';
import { useFailureToast } from '../collections/use-failure-toast';

/** My follows with the plan's limit; asked only once logged in. */
export function useFollowList() {
  const token = useUserStore((s) => s.token);
  return useQuery({
    queryKey: followKeys.list,
    queryFn: ({ signal }) => followsApi.list({ ...OWN_FAILURE_MESSAGE, signal }),
    enabled: isLoggedIn({ token }),
  });
}

/**
 * Add, rename or pause, and remove a follow. Each stays pending until the list is fetched again,
 * so a button never flickers back. Over the plan's limit the catalogue opens the plans with the
 * 'follows' wall; other failures are told in the action's own words.
 */
export function useFollowActions() {
  const client = useQueryClient();
  const reportFailure = useFailureToast();
  // The issuer lists show the issuers I follow as 'Followed': they are asked again with my follows.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: followKeys.list }),
      client.invalidateQueries({ queryKey: fileKeys.issuers }),
    ]);
  const add = useMutation({
    mutationFn: (request: FollowAddRequest) => followsApi.add(request, OWN_FAILURE_MESSAGE),
    onSuccess: refresh,
    onError: (error) => reportFailure(error, 'follows.failed.add'),
  });
  const update = useMutation({
    mutationFn: (request: FollowUpdateRequest) => followsApi.update(request, OWN_FAILURE_MESSAGE),
    onSuccess: refresh,
    onError: (error) => reportFailure(error, 'follows.failed.update'),
  });
  const remove = useMutation({
    mutationFn: (followId: string) => followsApi.remove(followId, OWN_FAILURE_MESSAGE),
    onSuccess: refresh,
    onError: (error) => reportFailure(error, 'follows.failed.remove'),
  });
  return { add, update, remove };
}
