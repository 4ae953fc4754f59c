import { useQuery } from '@tanstack/react-query';
import { userApi, userKeys } from '../../api/user-api';
import { useUserStore } from '../../stores/user-store';

/**
 * The viewer's remaining uses per quota key (-1 unlimited), fresh from /api/user/quota; a logged-in
 * user's copy from the user info meanwhile. Visitors have quotas too (per device).
 */
export function useQuota() {
  const fromUser = useUserStore((s) => s.user?.quota);
  const token = useUserStore((s) => s.token);
  const { data } = useQuery({
    queryKey: userKeys.quotaOf(token),
    // A count that cannot be read is left unsaid: never a toast or a page change for it.
    queryFn: ({ signal }) => userApi.quota({ signal, catalogue: false }),
  });
  return data ?? fromUser ?? {};
}
