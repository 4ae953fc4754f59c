import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import { settingsInForce, useUserStore } from './user-store';

/**
 * The logged-in user's search preference (website settings): "title only" makes the title-only
 * switch on by default, from the first search of a reload on; a URL that says otherwise still wins.
 */
export function titleOnlyByDefault(settings = settingsInForce()): boolean {
  return settings?.search_preference === 'title_only';
}

/**
 * Whether a keyword is searched as typed only, not also through the glossary in the other
 * language: the reader's last choice in this browser; a URL that says otherwise still wins.
 */
export function oneLanguageByDefault(): boolean {
  return readStorage(STORAGE_KEYS.searchOneLanguage) === '1';
}

/** Keeps the reader's choice for the next searches. */
export function keepOneLanguage(oneLanguage: boolean): void {
  writeStorage(STORAGE_KEYS.searchOneLanguage, oneLanguage ? '1' : null);
}

/** The same, for components that must re-read the search when the preference changes. */
export function useTitleOnlyByDefault(): boolean {
  return useUserStore((s) => titleOnlyByDefault(settingsInForce(s)));
}
