import type { AdminUser, Follow } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminDigestKeys, adminDigestsApi } from '../../../api/admin/digests-api';
import { DigestStateTag } from '../digests/digest-state-tag';
import { useAdminFormat } from '../shared/admin-format';

function FollowsAndDigest({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const { data } = useQuery({
    queryKey: adminDigestKeys.userFollows(user.id),
    queryFn: ({ signal }) => adminDigestsApi.userFollows(user.id, { signal }),
  });
  if (!data) return <Skeleton active />;
  const frequency = (f: string) => t(`adminDigests.frequency.${f as 'daily'}`);
  const last = data.last_digest;
  const columns: TableColumnsType<Follow> = [
    {
      key: 'kind',
      title: t('adminDigests.follow.kind'),
      width: 120,
      render: (_, f) => t(`adminDigests.kind.${f.kind}`),
    },
    { key: 'label', title: t('adminDigests.follow.label'), dataIndex: 'label', ellipsis: true },
    {
      key: 'state',
      title: t('adminDigests.follow.state'),
      width: 100,
      render: (_, f) =>
        f.paused ? (
          <Tag>{t('adminDigests.follow.paused')}</Tag>
        ) : (
          <Tag color="success">{t('adminDigests.follow.active')}</Tag>
        ),
    },
    {
      key: 'since',
      title: t('adminDigests.follow.since'),
      width: 170,
      render: (_, f) => format.dateTime(f.created_time),
    },
  ];
  return (
    <>
      <Descriptions column={1} size="small" bordered data-testid="user-digest">
        <Descriptions.Item label={t('adminDigests.user.frequency')}>
          {data.digest === data.digest_sent
            ? frequency(data.digest)
            : t('adminDigests.user.frequencySent', {
                chosen: frequency(data.digest),
                sent: frequency(data.digest_sent),
              })}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminDigests.user.timeZone')}>{data.time_zone}</Descriptions.Item>
        <Descriptions.Item label={t('adminDigests.user.lastDigest')}>
          {last ? (
            <span data-testid="user-last-digest">
              {last.period} <DigestStateTag state={last.state} />
              {t('adminDigests.user.reports', { count: last.item_count })}
              {last.sent_time && (
                <div>
                  {t('adminDigests.user.sentAt')}: {format.dateTime(last.sent_time)}
                </div>
              )}
              {last.last_error && <Typography.Text type="danger">{last.last_error}</Typography.Text>}
            </span>
          ) : (
            t('adminDigests.user.noDigest')
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} className="rl-title-size-5">
        {t('adminDigests.user.follows')}
      </Typography.Title>
      <Table<Follow>
        dataSource={data.follows}
        rowKey="follow_id"
        columns={columns}
        size="small"
        pagination={false}
        locale={{ emptyText: t('adminDigests.user.noFollows') }}
        data-testid="user-follows"
      />
    </>
  );
}

/** What a user follows, their digest as chosen and as sent, and their last digest. */
export function UserFollowsDrawer({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={t('adminDigests.user.title', { username: user?.username ?? '' })}
      size={720}
      destroyOnHidden
    >
      {user && <FollowsAndDigest user={user} />}
    </Drawer>
  );
}
