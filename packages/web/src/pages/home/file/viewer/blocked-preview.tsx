import { LockOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Wall } from '../../../../api/wall';
import { WallNotice } from '../../../../components/subscription-modal/wall-notice';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { useSubscriptionModalStore } from '../../../../stores/subscription-modal-store';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';

/**
 * In place of the PDF of a report the viewer's plan does not open: the rule and the day it
 * opens, what the paid plan gives, and the way there (the plans; a visitor signs up or logs in
 * first). Nothing here asks the server again, so nothing reopens by itself.
 */
export function BlockedPreview({ wall }: { wall: Wall }) {
  const { t } = useTranslation();
  const loggedIn = useUserStore(isLoggedIn);
  const signUp = () => {
    const auth = useAuthModalStore.getState();
    auth.setMode('signup');
    auth.open('walls.signUpFirst');
  };
  return (
    <Result
      className="rl-viewer__blocked"
      data-testid="blocked-preview"
      icon={<LockOutlined />}
      title={t('walls.blocked.title')}
      subTitle={t('walls.blocked.paid')}
      extra={[
        <WallNotice key="wall" wall={wall} />,
        <div key="actions" className="rl-viewer__blocked-actions">
          <Button
            type="primary"
            onClick={() => useSubscriptionModalStore.getState().openWall(wall)}
            data-testid="blocked-plans"
          >
            {t('walls.blocked.plans')}
          </Button>
          {!loggedIn && (
            <Button onClick={signUp} data-testid="blocked-login">
              {t('walls.blocked.login')}
            </Button>
          )}
        </div>,
      ]}
    />
  );
}
