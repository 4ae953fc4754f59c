import { CheckOutlined, InboxOutlined } from '@ant-design/icons';
import type { InboxItem } from '@rl/contract';
import { Button, Empty, Result, Segmented, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryScope } from '../../../api/query-scope';
import { PATHS } from '../../../router/route-meta';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../../stores/user-store';
import { useViewport } from '../../../utils/use-viewport';
import '../../home/file/results/results.css';
import '../bookmarks/bookmarks.css';
import { LibraryFileList } from '../bookmarks/library-file-list';
import '../follows/follows.css';
import { InboxRow } from './inbox-row';
import './inbox.css';
import { useInboxPage, useMarkRead } from './use-inbox';

type Shown = 'all' | 'unread';

const noneHidden = () => false;

function Inbox() {
  const { t } = useTranslation();
  const { phone } = useViewport();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Shown>('all');
  const inbox = useInboxPage(page, shown === 'unread');
  const markRead = useMarkRead();
  const unread = inbox.data?.unread ?? 0;
  const markingAll = markRead.isPending && markRead.variables !== undefined && 'all' in markRead.variables;

  const open = useCallback(
    (item: InboxItem) => {
      if (!item.read) markRead.mutate({ fileIds: [item.id] });
    },
    [markRead],
  );
  const show = (next: Shown) => {
    setShown(next);
    setPage(1);
  };

  return (
    <>
      <div className="rl-inbox__toolbar">
        <Segmented<Shown>
          size={phone ? 'small' : 'middle'}
          value={shown}
          onChange={show}
          options={[
            { value: 'all', label: t('follows.inbox.all') },
            { value: 'unread', label: t('follows.inbox.unreadOnly', { count: unread }) },
          ]}
          data-testid="inbox-shown"
        />
        <Button
          icon={<CheckOutlined />}
          size={phone ? 'small' : 'middle'}
          disabled={unread === 0}
          loading={markingAll}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="inbox-mark-all"
        >
          {t('follows.inbox.markAll')}
        </Button>
      </div>
      <LibraryFileList
        data={inbox.data ? { file_list: inbox.data.items, total_items: inbox.data.total_items } : undefined}
        isPending={inbox.isPending}
        isError={inbox.isError}
        isFetching={inbox.isPlaceholderData}
        onRetry={() => void inbox.refetch()}
        page={page}
        onPageChange={setPage}
        isHidden={noneHidden}
        testId="inbox-list"
        renderRow={(item) => <InboxRow key={item.id} item={item} onOpen={open} />}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={shown === 'unread' ? t('follows.inbox.noUnread') : t('follows.inbox.empty')}
            data-testid="inbox-empty"
          >
            {shown === 'all' && <Link to={PATHS.follows}>{t('follows.inbox.manage')}</Link>}
          </Empty>
        }
      />
    </>
  );
}

/**
 * /my/inbox: new reports of what I follow, newest first, each saying why it came; unread ones
 * stand out, opening one marks it read, and 'Mark all read' clears them. Visitors are asked to log in.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  if (!isLoggedIn({ token })) {
    return (
      <Result
        icon={<InboxOutlined />}
        title={t('follows.inbox.anonymous.title')}
        subTitle={t('follows.inbox.anonymous.body')}
        extra={
          <Button
            type="primary"
            onClick={() => useAuthModalStore.getState().open('follows.inbox.requiresLogin')}
            data-testid="inbox-login"
          >
            {t('library.bookmarks.anonymous.login')}
          </Button>
        }
        data-testid="inbox-anonymous"
      />
    );
  }
  return (
    <QueryScope>
      <div className="rl-inbox" data-testid="inbox-page">
        <Typography.Title level={2} className="rl-title-size-4">
          {t('follows.inbox.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('follows.inbox.intro')} <Link to={PATHS.follows}>{t('follows.inbox.manage')}</Link>
        </Typography.Paragraph>
        <Inbox />
      </div>
    </QueryScope>
  );
}
