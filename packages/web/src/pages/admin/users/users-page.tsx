import type { AdminUser, AdminUserListRequest } from '@rl/contract';
import { PLAN_IDS, USER_STATUSES } from '@rl/contract/constants';
import { App, Button, Dropdown, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { adminUserKeys, adminUsersApi } from '../../../api/admin/users-api';
import { useAdminFormat } from '../shared/admin-format';
import {
  DeleteUserIcon,
  DisableIcon,
  DigestIcon,
  EditIcon,
  EnableIcon,
  HistoryIcon,
  MoreIcon,
  PasswordIcon,
  PlanIcon,
  RefreshIcon,
  ResetCountersIcon,
} from '../shared/admin-icons';
import { AdminPage } from '../shared/admin-page';
import { useAdminTable } from '../shared/use-admin-table';
import { UserDownloadHistoryDrawer } from './user-download-history';
import { UserFollowsDrawer } from './user-follows-drawer';
import { UserEditDrawer } from './user-edit-drawer';
import { UserLevelModal } from './user-level-modal';
import { UserPasswordModal } from './user-password-modal';
import { UserContactCell, UserLevelCell, UserRoleTags, UserStatusTag, useLevelName } from './user-tags';
import { useUserActions } from './use-user-actions';
import './users-page.css';

type Dialog = { kind: 'edit' | 'level' | 'password' | 'history' | 'follows'; user: AdminUser } | null;

const FILTERS = ['keyword', 'user_level', 'status'] as const;

function phoneOf(user: AdminUser): string | null {
  if (!user.phone) return null;
  return user.phone_country_code ? `+${user.phone_country_code} ${user.phone}` : user.phone;
}

/** `/admin/users`: every account, searched and filtered on the server, with the admin's actions. */
export function UsersPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('admin.menu.users'));
  const { message } = App.useApp();
  const format = useAdminFormat();
  const levelName = useLevelName();
  const [dialog, setDialog] = useState<Dialog>(null);

  const table = useAdminTable({
    queryKeys: adminUserKeys,
    filterKeys: FILTERS,
    fetchPage: (request, signal) => adminUsersApi.list(request as AdminUserListRequest, { signal }),
    rowsOf: (answer) => answer.user_list,
    rowKey: 'id',
  });
  const actions = useUserActions(table.refresh);
  const open = (kind: NonNullable<Dialog>['kind'], user: AdminUser) => setDialog({ kind, user });
  const close = () => setDialog(null);
  const saved = (text: string) => {
    setDialog(null);
    void table.refresh();
    void message.success(text);
  };
  const dialogUser = (kind: NonNullable<Dialog>['kind']) => (dialog?.kind === kind ? dialog.user : null);

  const rowActions = (user: AdminUser) =>
    user.deleted ? (
      <Typography.Text type="secondary" data-testid="user-deleted-note">
        {t('admin.users.deleted.none')}
      </Typography.Text>
    ) : (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          icon={<EditIcon />}
          onClick={() => open('edit', user)}
          data-testid="user-edit"
        >
          {t('admin.users.action.edit')}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'level', icon: <PlanIcon />, label: t('admin.users.action.level') },
              ...(user.status === 'disabled'
                ? [{ key: 'enable', icon: <EnableIcon />, label: t('admin.users.action.enable') }]
                : user.status === 'inactive'
                  ? [
                      { key: 'activate', icon: <EnableIcon />, label: t('admin.users.action.activate') },
                      { key: 'disable', icon: <DisableIcon />, label: t('admin.users.action.disable') },
                    ]
                  : [{ key: 'disable', icon: <DisableIcon />, label: t('admin.users.action.disable') }]),
              { key: 'password', icon: <PasswordIcon />, label: t('admin.users.action.password') },
              { key: 'refresh', icon: <ResetCountersIcon />, label: t('admin.users.action.refresh') },
              { key: 'history', icon: <HistoryIcon />, label: t('admin.users.action.history') },
              { key: 'follows', icon: <DigestIcon />, label: t('adminDigests.user.action') },
              { type: 'divider' },
              {
                key: 'delete',
                icon: <DeleteUserIcon />,
                danger: true,
                label: t('admin.users.action.delete'),
              },
            ],
            onClick: ({ key }) => {
              if (key === 'level' || key === 'password' || key === 'history' || key === 'follows')
                open(key, user);
              else if (key === 'enable' || key === 'activate' || key === 'disable')
                void actions.setActive(user, key !== 'disable');
              else if (key === 'refresh') void actions.refreshQuota(user);
              else if (key === 'delete') void actions.remove(user);
            },
          }}
        >
          <Button type="link" size="small" data-testid="user-more">
            {t('admin.users.action.more')} <MoreIcon />
          </Button>
        </Dropdown>
      </Space>
    );

  const columns: TableColumnsType<AdminUser> = [
    {
      key: 'username',
      title: t('admin.users.column.username'),
      dataIndex: 'username',
      fixed: 'left',
      render: (username: string, user) => (
        <Typography.Text
          strong
          copyable={{ text: user.id, tooltips: [t('admin.users.copyId'), t('admin.done')] }}
        >
          {username}
        </Typography.Text>
      ),
    },
    {
      key: 'contact',
      title: t('admin.users.column.contact'),
      render: (_, user) => <UserContactCell email={user.email} phone={phoneOf(user)} />,
    },
    {
      key: 'level',
      title: t('admin.users.column.level'),
      render: (_, user) => <UserLevelCell user={user} />,
    },
    {
      key: 'status',
      title: t('admin.users.column.status'),
      dataIndex: 'status',
      render: (status: AdminUser['status'], user) => (
        <UserStatusTag status={user.deleted ? 'deleted' : status} />
      ),
    },
    {
      key: 'roles',
      title: t('admin.users.column.roles'),
      dataIndex: 'role',
      render: (roles: string[]) => <UserRoleTags roles={roles} />,
    },
    {
      key: 'created',
      title: t('admin.users.column.created'),
      dataIndex: 'created_time',
      render: (value: string) => format.dateTime(value),
    },
    {
      key: 'lastLogin',
      title: t('admin.users.column.lastLogin'),
      dataIndex: 'last_login_time',
      render: (value: string | null) => format.dateTime(value),
    },
    {
      key: 'actions',
      title: t('admin.table.actions'),
      fixed: 'right',
      render: (_, user) => rowActions(user),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        key={table.filters.keyword ?? ''}
        defaultValue={table.filters.keyword}
        placeholder={t('admin.users.filter.keyword')}
        allowClear
        enterButton
        onSearch={(value) => table.setFilters({ keyword: value.trim() })}
        className="rl-admin-users__search"
        data-testid="users-keyword"
      />
      <Select
        value={table.filters.user_level ?? ''}
        onChange={(value: string) => table.setFilters({ user_level: value })}
        options={[
          { value: '', label: t('admin.users.filter.allLevels') },
          ...PLAN_IDS.map((id) => ({ value: id, label: levelName(id) })),
        ]}
        className="rl-admin-users__select"
        aria-label={t('admin.users.column.level')}
        data-testid="users-level-filter"
      />
      <Select
        value={table.filters.status ?? ''}
        onChange={(value: string) => table.setFilters({ status: value })}
        options={[
          { value: '', label: t('admin.users.filter.allStatuses') },
          ...[...USER_STATUSES, 'deleted' as const].map((status) => ({
            value: status,
            label: t(`admin.users.status.${status}`),
          })),
        ]}
        className="rl-admin-users__select"
        aria-label={t('admin.users.column.status')}
        data-testid="users-status-filter"
      />
      <Button onClick={table.resetFilters}>{t('admin.table.resetFilters')}</Button>
    </>
  );

  return (
    <AdminPage
      title={t('admin.menu.users')}
      extra={
        <Button icon={<RefreshIcon />} onClick={() => void table.refresh()}>
          {t('admin.table.refresh')}
        </Button>
      }
      toolbar={toolbar}
      testId="admin-users-page"
    >
      <Table<AdminUser>
        ref={tableRef}
        {...table.tableProps}
        columns={columns}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
      <UserEditDrawer
        user={dialogUser('edit')}
        onClose={close}
        onSaved={() => saved(t('admin.users.edit.done'))}
      />
      <UserLevelModal
        user={dialogUser('level')}
        onClose={close}
        onSaved={() => saved(t('admin.users.level.done'))}
      />
      <UserPasswordModal
        user={dialogUser('password')}
        onClose={close}
        onSaved={() => saved(t('admin.users.password.done'))}
      />
      <UserDownloadHistoryDrawer user={dialogUser('history')} onClose={close} />
      <UserFollowsDrawer user={dialogUser('follows')} onClose={close} />
    </AdminPage>
  );
}
