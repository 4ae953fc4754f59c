import { DEFAULT_APP_SETTINGS, type AppSettings } from '../config/app-settings';
import { DEFAULT_LOCALE, type Locale } from '../config/locales';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { isLoggedIn, useUserStore } from '../stores/user-store';

/** The key of a visitor with the default settings in the default language. */
export const DEFAULT_FIRST_PAINT_KEY = 'default';

/**
 * The cookie that tells the server the reader's interface language, so that it renders the first
 * paint in it (modules/first-paint reads it; a year, this site only).
 */
export const LANGUAGE_COOKIE = 'locale';
const COOKIE_LIFETIME_S = 365 * 24 * 3600;

export interface FirstPaintState {
  language: Locale;
  loggedIn: boolean;
  settings: AppSettings;
}

/**
 * What the first screen depends on besides the URL and the window's width: the interface
 * language, whether someone is logged in, and the page configuration. Two states with the same
 * key render the same first screen.
 */
export function firstPaintKey({ language, loggedIn, settings }: FirstPaintState): string {
  const values = (Object.keys(DEFAULT_APP_SETTINGS) as (keyof AppSettings)[]).map((key) => settings[key]);
  const defaults = Object.values(DEFAULT_APP_SETTINGS);
  if (language === DEFAULT_LOCALE && !loggedIn && values.every((value, i) => value === defaults[i])) {
    return DEFAULT_FIRST_PAINT_KEY;
  }
  return JSON.stringify([language, loggedIn, ...values]);
}

function currentKey(): string {
  const { language, ...settings } = useAppSettingsStore.getState();
  return firstPaintKey({ language, loggedIn: isLoggedIn(), settings });
}

/**
 * Keeps this browser's key in local storage, where the page's first script (index.html) compares it
 * with the key of a first paint rendered on the server before showing that paint, and the
 * interface language in a cookie, so that the server renders the paint in it.
 */
export function rememberFirstPaintKey(): void {
  const write = () => {
    const key = currentKey();
    if (readStorage(STORAGE_KEYS.firstPaint) !== key) writeStorage(STORAGE_KEYS.firstPaint, key);
    const cookie = `${LANGUAGE_COOKIE}=${useAppSettingsStore.getState().language}`;
    if (!document.cookie.split('; ').includes(cookie)) {
      document.cookie = `${cookie}; Path=/; Max-Age=${COOKIE_LIFETIME_S}; SameSite=Lax`;
    }
  };
  write();
  useAppSettingsStore.subscribe(write);
  useUserStore.subscribe(write);
}
