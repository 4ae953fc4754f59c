import { StarOutlined } from '@ant-design/icons';
import { Button, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryScope } from '../../api/query-scope';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../stores/user-store';
import './bookmarks/bookmarks.css';
import { CollectionsTab } from './bookmarks/collections-tab';
import { StarsTab } from './bookmarks/stars-tab';

type BookmarksTab = 'stars' | 'collections';
const TAB_PARAM = 'tab';
const COLLECTION_PARAM = 'collection';

/**
 * /my/bookmarks (My Stars): my starred reports and my collections. The route is open to visitors,
 * who are asked to log in. The tab and the open collection live in the URL, so Back works.
 */
export function BookmarksPage() {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const [params, setParams] = useSearchParams();
  const tab: BookmarksTab = params.get(TAB_PARAM) === 'collections' ? 'collections' : 'stars';
  const collectionId = params.get(COLLECTION_PARAM)?.trim() || null;

  if (!isLoggedIn({ token })) {
    return (
      <Result
        icon={<StarOutlined />}
        title={t('library.bookmarks.anonymous.title')}
        subTitle={t('library.bookmarks.anonymous.body')}
        extra={
          <Button
            type="primary"
            onClick={() => useAuthModalStore.getState().open('library.bookmarks.requiresLogin')}
            data-testid="bookmarks-login"
          >
            {t('library.bookmarks.anonymous.login')}
          </Button>
        }
        data-testid="bookmarks-anonymous"
      />
    );
  }

  const openCollection = (id: string | null) =>
    setParams(id ? { [TAB_PARAM]: 'collections', [COLLECTION_PARAM]: id } : { [TAB_PARAM]: 'collections' });

  return (
    <QueryScope>
      <div className="rl-bookmarks" data-testid="bookmarks-page">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'collections' ? { [TAB_PARAM]: key } : {})}
          items={[
            { key: 'stars', label: t('library.bookmarks.tab.stars'), children: <StarsTab /> },
            {
              key: 'collections',
              label: t('library.bookmarks.tab.collections'),
              children: <CollectionsTab collectionId={collectionId} onOpen={openCollection} />,
            },
          ]}
          destroyOnHidden
          data-testid="bookmarks-tabs"
        />
      </div>
    </QueryScope>
  );
}
