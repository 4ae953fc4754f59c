import type { AdminUser } from '@rl/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';

const STATUS_COLOUR: Record<AdminUser['status'] | 'deleted', string> = {
  active: 'success',
  inactive: 'default',
  disabled: 'error',
  deleted: 'default',
};

/** The account's status; a deleted account shows as deleted whatever its stored status. */
export function UserStatusTag({ status }: { status: AdminUser['status'] | 'deleted' }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOUR[status]}>{t(`admin.users.status.${status}`)}</Tag>;
}

/** A plan level's name; levels the interface has no name for show as they are. */
export function useLevelName() {
  const { t, i18n } = useTranslation();
  return (level: string) => {
    const key = `plan.name.${level}`;
    return i18n.exists(key) ? t(key as 'plan.name.trial') : level;
  };
}

/** The level, its end (or none), and the plan acting now when it differs (an expired level). */
export function UserLevelCell({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const levelName = useLevelName();
  return (
    <Flex vertical align="start" gap={2}>
      <Tag color={user.user_level === 'trial' ? 'default' : 'blue'}>{levelName(user.user_level)}</Tag>
      {user.user_level_expire_time && (
        <Typography.Text type="secondary" className="rl-admin-users__expiry">
          {t('admin.users.level.until', { time: format.dateTime(user.user_level_expire_time) })}
        </Typography.Text>
      )}
      {user.plan !== user.user_level && (
        <Typography.Text type="warning" className="rl-admin-users__expiry">
          {t('admin.users.level.actingAs', { plan: levelName(user.plan) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * E-mail over mobile in one cell: the e-mail variant's accounts have the first, the mobile variant's
 * the second, and a long address is cut (whole in its tooltip) so the table fits a 1440 px screen.
 */
export function UserContactCell({ email, phone }: { email: string | null; phone: string | null }) {
  if (!email && !phone) return <>—</>;
  return (
    <Flex vertical gap={2}>
      {email && (
        <Typography.Text ellipsis={{ tooltip: email }} className="rl-admin-users__email">
          {email}
        </Typography.Text>
      )}
      {phone && <Typography.Text type={email ? 'secondary' : undefined}>{phone}</Typography.Text>}
    </Flex>
  );
}

export function UserRoleTags({ roles }: { roles: string[] }) {
  const { t, i18n } = useTranslation();
  // antd 6's tags have no outer margin of their own: the gap keeps "Administrator" and "User" apart.
  return (
    <Flex wrap gap={4}>
      {roles.map((role) => {
        const key = `admin.users.role.${role}`;
        return (
          <Tag key={role} color={role === 'admin' ? 'gold' : undefined}>
            {i18n.exists(key) ? t(key as 'admin.users.role.user') : role}
          </Tag>
        );
      })}
    </Flex>
  );
}
