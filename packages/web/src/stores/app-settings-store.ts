import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_APP_SETTINGS,
  MAX_MENU_WIDTH,
  MIN_MENU_WIDTH,
  type AppSettings,
} from '../config/app-settings';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../config/locales';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import { storeWithHook } from './store-hook';

/** A menu entry as the server sends it: a route name with optional children. */
export interface ServerMenuItem {
  name: string;
  children?: ServerMenuItem[];
}

export interface AppState extends AppSettings {
  language: Locale;
  /** Set from the server's `x-country-code: cn` response header. */
  isChineseUser: boolean;
  serverMenu: ServerMenuItem[];
  updateSettings(patch: Partial<AppSettings>): void;
  resetSettings(): void;
  toggleTheme(): void;
  setLanguage(language: Locale): void;
  setChineseUser(isChineseUser: boolean): void;
  setServerMenu(menu: ServerMenuItem[]): void;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Keeps only well-typed values of a stored settings object, so a corrupt entry never breaks the app. */
export function sanitizeSettings(stored: unknown): AppSettings {
  const result: AppSettings = { ...DEFAULT_APP_SETTINGS };
  if (typeof stored !== 'object' || stored === null) return result;
  const input = stored as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_APP_SETTINGS) as (keyof AppSettings)[]) {
    if (typeof input[key] === typeof DEFAULT_APP_SETTINGS[key]) Object.assign(result, { [key]: input[key] });
  }
  if (!HEX_COLOUR.test(result.themeColor)) result.themeColor = DEFAULT_APP_SETTINGS.themeColor;
  if (result.theme !== 'dark') result.theme = 'light';
  if (result.device !== 'mobile') result.device = 'desktop';
  result.menuWidth = Math.min(MAX_MENU_WIDTH, Math.max(MIN_MENU_WIDTH, Math.round(result.menuWidth)));
  return result;
}

function storedLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function settingsOf(state: AppState): AppSettings {
  const settings = {} as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_APP_SETTINGS)) settings[key] = state[key as keyof AppSettings];
  return settings as unknown as AppSettings;
}

export const useAppSettingsStore = storeWithHook(
  createStore<AppState>()(
    persist(
      (set) => ({
        ...DEFAULT_APP_SETTINGS,
        language: storedLocale(),
        isChineseUser: false,
        serverMenu: [],
        updateSettings: (patch) => set((state) => sanitizeSettings({ ...settingsOf(state), ...patch })),
        resetSettings: () => set({ ...DEFAULT_APP_SETTINGS }),
        toggleTheme: () => set((state) => ({ theme: state.theme === 'dark' ? 'light' : 'dark' })),
        setLanguage: (language) => {
          writeStorage(STORAGE_KEYS.locale, language);
          set({ language });
        },
        setChineseUser: (isChineseUser) => set({ isChineseUser }),
        setServerMenu: (serverMenu) => set({ serverMenu }),
      }),
      {
        name: STORAGE_KEYS.appSettings,
        storage: createJSONStorage(() => window.localStorage),
        partialize: settingsOf,
        merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
      },
    ),
  ),
);

/** The settings as a plain object, e.g. for "copy as JSON". */
export function currentSettings(): AppSettings {
  return settingsOf(useAppSettingsStore.getState());
}
