import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '../config/locales';
import { registerAntdLocale } from './antd-locale';
import { enUS } from './en-US';

const DAYJS_LOCALE: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

/** Locales other than English load on demand, so the first screen carries one language. */
const LAZY_LOCALES: Partial<Record<Locale, () => Promise<void>>> = {
  'zh-CN': async () => {
    const { bundle } = await import('./zh-CN/locale-bundle');
    i18n.addResourceBundle('zh-CN', 'translation', bundle.messages, true, true);
    registerAntdLocale('zh-CN', bundle.antdLocale);
  },
};

const loaded = new Map<Locale, Promise<void>>();

/** Makes a locale's messages, antd texts and dayjs locale available. */
export function loadLocale(locale: Locale): Promise<void> {
  let request = loaded.get(locale);
  if (!request) {
    request = LAZY_LOCALES[locale]?.() ?? Promise.resolve();
    loaded.set(locale, request);
    request.catch(() => loaded.delete(locale));
  }
  return request;
}

/** Initialises i18next synchronously with the English messages. */
export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { 'en-US': { translation: enUS } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18n;
}

/** Switches i18next and dayjs (antd's date pickers) to a loaded locale (on the server too). */
export async function selectLocale(locale: Locale): Promise<void> {
  dayjs.locale(DAYJS_LOCALE[locale]);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Switches i18next, dayjs and the document language to a loaded locale. */
export function applyLocale(locale: Locale): void {
  void selectLocale(locale);
  document.documentElement.lang = locale;
}

export { i18n };
