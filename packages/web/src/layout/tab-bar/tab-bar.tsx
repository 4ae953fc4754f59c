import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentRoute } from '../../router/use-current-route';
import { AFFIX_TAB, useTabBarStore } from '../../stores/tab-bar-store';

/** The tabs of visited pages; the File tab is fixed. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useCurrentRoute();
  const tabs = useTabBarStore((s) => s.tabs);
  const closeTab = useTabBarStore((s) => s.close);
  const closeOthers = useTabBarStore((s) => s.closeOthers);
  const activeName = current?.name ?? '';

  // On every click, not only on a change of the active tab: a click that lands while the page is
  // still switching (the old tab not yet inactive) must still lead to the tab's page.
  const goTo = (name: string) => {
    const tab = tabs.find((entry) => entry.name === name);
    if (tab && tab.fullPath !== `${location.pathname}${location.search}`) void navigate(tab.fullPath);
  };

  const close = (name: string) => {
    const index = tabs.findIndex((entry) => entry.name === name);
    closeTab(name);
    if (name === activeName) {
      const fallback = tabs[index - 1] ?? AFFIX_TAB;
      void navigate(fallback.fullPath);
    }
  };

  return (
    <div className="rl-tab-bar" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeName}
        onTabClick={(key) => goTo(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        items={tabs.map((tab) => ({
          key: tab.name,
          label: t(tab.title),
          closable: tab.name !== AFFIX_TAB.name,
        }))}
        tabBarExtraContent={
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'others', label: t('tabBar.closeOthers') },
                { key: 'all', label: t('tabBar.closeAll') },
              ],
              onClick: ({ key }) => {
                if (key === 'others') return closeOthers(activeName);
                closeOthers(AFFIX_TAB.name);
                if (activeName !== AFFIX_TAB.name) void navigate(AFFIX_TAB.fullPath);
              },
            }}
          >
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabBar.closeOthers')} />
          </Dropdown>
        }
      />
    </div>
  );
}
