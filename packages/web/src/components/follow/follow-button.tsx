import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { FollowTarget } from '@rl/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { findFollow, FOLLOW_LABEL_MAX } from '../../api/follows-api';
import { QueryScope } from '../../api/query-scope';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../stores/user-store';
import { useFollowActions, useFollowList } from './use-follows';
import './follow-button.css';

export interface FollowButtonProps {
  /** What a click follows: a company by ticker, a broker, a sector, an analyst. */
  target: FollowTarget;
  /** What is followed, as the screen shows it ('Tencent'): the button's accessible name says it. */
  name: string;
  size?: 'small' | 'middle';
  className?: string;
  /** 'icon': a bare icon toggle for a crowded row (an issuer in the issuer lists); 'button' by default. */
  look?: 'button' | 'icon';
  /** The test id; 'follow-button' by default. */
  testId?: string;
}

/**
 * 'Follow' / 'Following' for one target: from my follows, a click follows or stops following it.
 * A visitor is asked to log in; over my plan's limit the plans open with the reason.
 */
export function FollowButton(props: FollowButtonProps) {
  return (
    <QueryScope>
      <FollowToggle {...props} />
    </QueryScope>
  );
}

function FollowToggle({
  target,
  name,
  size = 'small',
  className,
  look = 'button',
  testId,
}: FollowButtonProps) {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const loggedIn = isLoggedIn({ token });
  const list = useFollowList();
  const { add, remove } = useFollowActions();
  const follow = loggedIn && list.data ? findFollow(list.data.follows, target) : null;
  const pending = add.isPending || remove.isPending;
  // Until my follows are known the button cannot tell which way a click goes.
  const unknown = loggedIn && list.isPending;
  // While a change is on its way the button shows what it will be.
  const following = add.isPending ? true : remove.isPending ? false : follow !== null;
  const toggle = () => {
    if (!loggedIn) {
      useAuthModalStore.getState().open('follows.requiresLogin');
      return;
    }
    if (pending || unknown) return;
    if (follow) remove.mutate(follow.follow_id);
    else {
      // Named as the screen names it ('Zephyra Motors', not '9045.JP'); the user may rename it.
      const label = name.trim().slice(0, FOLLOW_LABEL_MAX).trim();
      add.mutate(label ? { target, label } : { target });
    }
  };
  const accessibleName = t(following ? 'follows.button.followingName' : 'follows.button.followName', {
    name,
  });
  if (look === 'icon')
    return (
      <button
        type="button"
        className={['rl-follow-icon', following && 'rl-follow-icon--on', className].filter(Boolean).join(' ')}
        title={following ? t('follows.button.unfollowHint', { name }) : accessibleName}
        aria-label={accessibleName}
        aria-pressed={following}
        aria-busy={pending}
        disabled={unknown}
        onClick={toggle}
        data-testid={testId ?? 'follow-button'}
        data-following={following}
      >
        {following ? <CheckOutlined /> : <PlusOutlined />}
      </button>
    );
  return (
    <Button
      size={size}
      type={following ? 'default' : 'primary'}
      ghost={!following}
      icon={following ? <CheckOutlined /> : <PlusOutlined />}
      aria-pressed={following}
      aria-label={accessibleName}
      title={following ? t('follows.button.unfollowHint', { name }) : undefined}
      loading={pending}
      disabled={unknown}
      onClick={toggle}
      className={['rl-follow-button', className].filter(Boolean).join(' ')}
      data-testid={testId ?? 'follow-button'}
      data-following={following}
    >
      {following ? t('follows.button.following') : t('follows.button.follow')}
    </Button>
  );
}
