import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useCurrentRoute } from './use-current-route';

/** What a page shows beyond its route, named first in the tab (the report being read). */
const useTitleDetail = create<{ detail: string | null }>(() => ({ detail: null }));

/** The tab's title: the most specific part first, the application last. */
export function composePageTitle(parts: readonly (string | null | undefined)[], appTitle: string): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), appTitle].join(' · ');
}

/** Sets the browser tab's title while the caller is mounted (and whenever its parts change). */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const { t } = useTranslation();
  const title = composePageTitle(parts, t('app.title'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The user app's tab title: the detail a page named, then its route's title. */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const detail = useTitleDetail((s) => s.detail);
  useDocumentTitle(detail, route ? t(route.title) : null);
}

/** Names what the page shows (e.g. the report's title) in the tab while the caller is mounted. */
export function usePageTitleDetail(detail: string | null | undefined): void {
  useEffect(() => {
    if (!detail) return;
    useTitleDetail.setState({ detail });
    return () => useTitleDetail.setState({ detail: null });
  }, [detail]);
}
