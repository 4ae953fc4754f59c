import { create } from 'zustand';
import type { MessageKey } from '../locale/en-US';

/** One entry of the tab bar (SPEC.md section 3, "Tab entry"). */
export interface TabEntry {
  /** Message key of the title. */
  title: MessageKey;
  /** Route name; one tab per route. */
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
}

interface TabBarState {
  tabs: TabEntry[];
  /** Adds a tab for the route, or refreshes the path of its existing tab. */
  visit(tab: TabEntry): void;
  close(name: string): void;
  closeOthers(name: string): void;
  reset(): void;
}

/** The File tab is always there and cannot be closed. */
export const AFFIX_TAB: TabEntry = {
  title: 'menu.file',
  name: 'File',
  fullPath: '/home/file',
  query: {},
  ignoreCache: false,
};

export const useTabBarStore = create<TabBarState>()((set) => ({
  tabs: [AFFIX_TAB],
  visit: (tab) =>
    set((state) => {
      const index = state.tabs.findIndex((t) => t.name === tab.name);
      if (index === -1) return { tabs: [...state.tabs, tab] };
      const tabs = [...state.tabs];
      tabs[index] = tab;
      return { tabs };
    }),
  close: (name) =>
    set((state) => ({ tabs: state.tabs.filter((t) => t.name !== name || t.name === AFFIX_TAB.name) })),
  closeOthers: (name) =>
    set((state) => ({ tabs: state.tabs.filter((t) => t.name === name || t.name === AFFIX_TAB.name) })),
  reset: () => set({ tabs: [AFFIX_TAB] }),
}));
