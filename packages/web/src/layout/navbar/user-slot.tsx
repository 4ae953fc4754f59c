import { LogoutOutlined, SettingOutlined, StarOutlined, UserOutlined } from '@ant-design/icons';
import { isPaidLevel } from '@rl/contract/constants';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlanLabel } from '../../components/plans/use-plan-label';
import { PATHS } from '../../router/route-meta';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { logout } from '../../stores/session-actions';
import { isLoggedIn, useUserStore } from '../../stores/user-store';

/** Log-in button for visitors; username, plan and the account menu for a logged-in user. */
export function UserSlot() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useUserStore((s) => s.token);
  const user = useUserStore((s) => s.user);
  const openLogin = useAuthModalStore((s) => s.open);
  const planLabel = usePlanLabel();

  if (!isLoggedIn({ token })) {
    return (
      <Button type="primary" onClick={() => openLogin()} data-testid="login-button">
        {t('navbar.login')}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: PATHS.bookmarks, icon: <StarOutlined />, label: t('navbar.user.bookmarks') },
          { key: PATHS.settings, icon: <SettingOutlined />, label: t('navbar.user.settings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.user.logout'), danger: true },
        ],
        onClick: ({ key }) => (key === 'logout' ? void logout() : void navigate(key)),
      }}
    >
      <Button type="text" className="rl-navbar__user" data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="rl-navbar__username" data-testid="navbar-username">
          {user?.username}
        </span>
        {user && (
          <span
            className={isPaidLevel(user.plan) ? 'rl-navbar__plan rl-navbar__plan--paid' : 'rl-navbar__plan'}
            data-testid="navbar-plan"
          >
            {planLabel(user)}
          </span>
        )}
      </Button>
    </Dropdown>
  );
}
