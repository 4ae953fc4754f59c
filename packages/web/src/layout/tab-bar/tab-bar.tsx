import { CloseOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentRoute } from '../../router/use-current-route';
import { AFFIX_TAB, useTabBarStore } from '../../stores/tab-bar-store';

/**
 * The tabs of visited pages; the File tab is fixed. A plain strip of buttons rather than antd's
 * Tabs: those measure every tab (a forced layout of the whole page) in the first render, which cost
 * the first screen about 60 ms (docs/benchmarks.md).
 */
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
    // Each tab leads to a page: a navigation list (the current page marked), not ARIA tabs, whose
    // tablist may hold nothing but tabs and so no close buttons.
    <nav className="rl-tab-bar" data-testid="tab-bar" aria-label={t('tabBar.label')}>
      <ul className="rl-tab-bar__tabs">
        {tabs.map((tab) => {
          const active = tab.name === activeName;
          const label = t(tab.title);
          return (
            <li
              key={tab.name}
              className={active ? 'rl-tab rl-tab--active' : 'rl-tab'}
              data-testid="tab"
              data-active={active}
            >
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                className="rl-tab__label"
                onClick={() => goTo(tab.name)}
              >
                {label}
              </button>
              {tab.name !== AFFIX_TAB.name && (
                <button
                  type="button"
                  className="rl-tab__close"
                  aria-label={t('tabBar.close', { name: label })}
                  onClick={() => close(tab.name)}
                  data-testid="tab-close"
                >
                  <CloseOutlined />
                </button>
              )}
            </li>
          );
        })}
      </ul>
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
    </nav>
  );
}
