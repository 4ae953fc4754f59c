import { settingsInForce, useUserStore } from './user-store';

/**
 * The logged-in user's search preference (website settings): "title only" makes the title-only
 * switch on by default, from the first search of a reload on; a URL that says otherwise still wins.
 */
export function titleOnlyByDefault(settings = settingsInForce()): boolean {
  return settings?.search_preference === 'title_only';
}

/** The same, for components that must re-read the search when the preference changes. */
export function useTitleOnlyByDefault(): boolean {
  return useUserStore((s) => titleOnlyByDefault(settingsInForce(s)));
}
