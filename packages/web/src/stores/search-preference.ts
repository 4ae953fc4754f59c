import { useUserStore } from './user-store';

/**
 * The logged-in user's search preference (website settings): "title only" makes the title-only
 * switch on by default; a URL that says otherwise still wins.
 */
export function titleOnlyByDefault(user = useUserStore.getState().user): boolean {
  return user?.settings.search_preference === 'title_only';
}

/** The same, for components that must re-read the search when the preference changes. */
export function useTitleOnlyByDefault(): boolean {
  return useUserStore((s) => titleOnlyByDefault(s.user));
}
