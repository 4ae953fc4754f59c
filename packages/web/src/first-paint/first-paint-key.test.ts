import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../config/app-settings';
import { STORAGE_KEYS } from '../config/storage-keys';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { useUserStore } from '../stores/user-store';
import {
  DEFAULT_FIRST_PAINT_KEY,
  firstPaintKey,
  LANGUAGE_COOKIE,
  rememberFirstPaintKey,
} from './first-paint-key';

const visitor = { language: 'en-US', loggedIn: false, settings: DEFAULT_APP_SETTINGS } as const;

describe('the first paint key', () => {
  afterEach(() => {
    useAppSettingsStore.getState().resetSettings();
    useAppSettingsStore.setState({ language: 'en-US' });
    useUserStore.setState({ token: null });
    localStorage.clear();
  });

  it('is the default for a visitor in English with the default page configuration', () => {
    expect(firstPaintKey(visitor)).toBe(DEFAULT_FIRST_PAINT_KEY);
  });

  it('differs for the other language, a login or any setting of the page configuration', () => {
    const keys = [
      firstPaintKey({ ...visitor, language: 'zh-CN' }),
      firstPaintKey({ ...visitor, loggedIn: true }),
      firstPaintKey({ ...visitor, settings: { ...DEFAULT_APP_SETTINGS, theme: 'dark' } }),
      firstPaintKey({ ...visitor, settings: { ...DEFAULT_APP_SETTINGS, menuWidth: 300 } }),
      firstPaintKey({ ...visitor, settings: { ...DEFAULT_APP_SETTINGS, footer: false } }),
    ];
    expect(new Set([DEFAULT_FIRST_PAINT_KEY, ...keys]).size).toBe(keys.length + 1);
  });

  it("is kept in local storage as the app's state changes, and the language in a cookie", () => {
    rememberFirstPaintKey();
    expect(localStorage.getItem(STORAGE_KEYS.firstPaint)).toBe(DEFAULT_FIRST_PAINT_KEY);
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en-US`);
    useAppSettingsStore.getState().setLanguage('zh-CN');
    expect(localStorage.getItem(STORAGE_KEYS.firstPaint)).toContain('zh-CN');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=zh-CN`);
    useAppSettingsStore.getState().setLanguage('en-US');
    useUserStore.setState({ token: 'a-token' });
    expect(localStorage.getItem(STORAGE_KEYS.firstPaint)).not.toBe(DEFAULT_FIRST_PAINT_KEY);
    useUserStore.setState({ token: null });
    expect(localStorage.getItem(STORAGE_KEYS.firstPaint)).toBe(DEFAULT_FIRST_PAINT_KEY);
  });
});
