import type { UserSettings } from '@rl/contract';
import { DATE_FORMATS, MEASUREMENT_UNITS, SEARCH_PREFERENCES, USER_LANGUAGES } from '@rl/contract/constants';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';

const ALLOWED: { [K in keyof UserSettings]: readonly unknown[] } = {
  language: USER_LANGUAGES,
  show_summary: [true, false],
  search_preference: SEARCH_PREFERENCES,
  date_format: DATE_FORMATS,
  measurement_unit: MEASUREMENT_UNITS,
};

/**
 * The server keeps the user's website settings; this browser keeps a copy of the last ones it
 * confirmed, so the first search and the first dates of a reload already follow them instead of
 * the defaults (the user info arrives later and then wins). A damaged copy counts as none.
 */
export function readSavedUserSettings(): UserSettings | null {
  const stored = readStorage(STORAGE_KEYS.userSettings);
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null) return null;
    const valid = (Object.keys(ALLOWED) as (keyof UserSettings)[]).every((key) =>
      ALLOWED[key].includes(value[key]),
    );
    return valid ? (value as unknown as UserSettings) : null;
  } catch {
    return null;
  }
}

export function writeSavedUserSettings(settings: UserSettings | null): void {
  writeStorage(STORAGE_KEYS.userSettings, settings ? JSON.stringify(settings) : null);
}
