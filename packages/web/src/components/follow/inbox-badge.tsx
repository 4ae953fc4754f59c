import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { followKeys, followsApi } from '../../api/follows-api';
import { QueryScope } from '../../api/query-scope';

/** How often the menu asks for the unread count while the window is in front. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * The count of unread reports of my inbox, beside the menu's Inbox: asked when the menu shows for
 * a logged-in user, every minute while the window is in front and when it comes back to it.
 * Loaded lazily, so the first screen carries no TanStack Query.
 */
export function InboxBadge() {
  return (
    <QueryScope>
      <UnreadCount />
    </QueryScope>
  );
}

function UnreadCount() {
  const { t } = useTranslation();
  const unread = useQuery({
    queryKey: followKeys.unread,
    // A count in the menu never opens a dialog: a failure leaves the badge as it was.
    queryFn: ({ signal }) => followsApi.unread({ catalogue: false, signal }),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const count = unread.data?.unread ?? 0;
  if (count <= 0) return null;
  return (
    <span className="rl-inbox-badge" data-testid="inbox-badge">
      <span aria-hidden="true">
        <Badge count={count} overflowCount={99} size="small" />
      </span>
      <span className="rl-visually-hidden">{t('follows.inbox.unreadCount', { count })}</span>
    </span>
  );
}
