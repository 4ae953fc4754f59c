import { BellOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryScope } from '../../../api/query-scope';
import { useFollowActions, useFollowList } from '../../../components/follow/use-follows';
import { PATHS } from '../../../router/route-meta';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../../stores/user-store';
import { useFormatters } from '../../../utils/use-formatters';
import '../bookmarks/bookmarks.css';
import { FollowRow } from './follow-row';
import './follows.css';

function FollowList() {
  const { t } = useTranslation();
  const format = useFormatters();
  const list = useFollowList();
  const actions = useFollowActions();

  if (list.isError && !list.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('follows.list.loadFailed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
        data-testid="follows-error"
      />
    );
  }
  if (!list.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  const { follows, limit, used } = list.data;
  const usage =
    limit < 0
      ? t('follows.list.usedUnlimited', { used: format.number(used) })
      : t('follows.list.used', { used: format.number(used), limit: format.number(limit) });
  return (
    <>
      <div className="rl-follows__usage" data-testid="follows-usage">
        {usage}
      </div>
      {limit >= 0 && used > limit && (
        // Issuer stars of before follows were all kept, beyond the plan's limit.
        <div className="rl-follows__usage" data-testid="follows-over-limit">
          {t('follows.list.overLimit')}
        </div>
      )}
      {follows.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('follows.list.empty')}
          data-testid="follows-empty"
        >
          <Link to={PATHS.file}>{t('follows.list.browse')}</Link>
        </Empty>
      ) : (
        <ul className="rl-library-list" data-testid="follows-list">
          {follows.map((follow) => (
            <FollowRow key={follow.follow_id} follow={follow} actions={actions} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * /my/follows (Following): the companies, brokers, sectors, analysts and saved searches I follow,
 * with my plan's limit; each can be renamed, paused and removed. Visitors are asked to log in.
 */
export function FollowsPage() {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  if (!isLoggedIn({ token })) {
    return (
      <Result
        icon={<BellOutlined />}
        title={t('follows.list.anonymous.title')}
        subTitle={t('follows.list.anonymous.body')}
        extra={
          <Button
            type="primary"
            onClick={() => useAuthModalStore.getState().open('follows.requiresLogin')}
            data-testid="follows-login"
          >
            {t('library.bookmarks.anonymous.login')}
          </Button>
        }
        data-testid="follows-anonymous"
      />
    );
  }
  return (
    <QueryScope>
      <div className="rl-follows" data-testid="follows-page">
        <Typography.Title level={2} className="rl-title-size-4">
          {t('follows.list.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('follows.list.intro')} <Link to={PATHS.inbox}>{t('follows.list.toInbox')}</Link>
        </Typography.Paragraph>
        <FollowList />
      </div>
    </QueryScope>
  );
}
