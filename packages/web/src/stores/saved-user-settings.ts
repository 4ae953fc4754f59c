import type { UserSettings } from '@rl/contract';
import {
  DATE_FORMATS,
  DEFAULT_DIGEST_FREQUENCY,
  DIGEST_FREQUENCIES,
  MEASUREMENT_UNITS,
  SEARCH_PREFERENCES,
  USER_LANGUAGES,
} from '@rl/contract/constants';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';

const among =
  (values: readonly unknown[]) =>
  (value: unknown): boolean =>
    values.includes(value);

const ALLOWED: { [K in keyof UserSettings]: (value: unknown) => boolean } = {
  language: among(USER_LANGUAGES),
  show_summary: among([true, false]),
  search_preference: among(SEARCH_PREFERENCES),
  date_format: among(DATE_FORMATS),
  measurement_unit: among(MEASUREMENT_UNITS),
  digest: among(DIGEST_FREQUENCIES),
  time_zone: (value) => value === null || typeof value === 'string',
};

/** Settings added after a copy was kept: it still counts, with their defaults. */
const ADDED: Partial<UserSettings> = { digest: DEFAULT_DIGEST_FREQUENCY, time_zone: null };

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
    const copy = { ...ADDED, ...value };
    const valid = (Object.keys(ALLOWED) as (keyof UserSettings)[]).every((key) => ALLOWED[key](copy[key]));
    return valid ? (copy as unknown as UserSettings) : null;
  } catch {
    return null;
  }
}

export function writeSavedUserSettings(settings: UserSettings | null): void {
  writeStorage(STORAGE_KEYS.userSettings, settings ? JSON.stringify(settings) : null);
}
