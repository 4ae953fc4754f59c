import { INTERFACE_LOCALES, isInterfaceLocale } from '@rl/contract/constants';

/** Interface languages (SPEC.md section 9), from the contract: the server renders first paints in them. */
export const LOCALES = INTERFACE_LOCALES;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = LOCALES[0];

export const isLocale: (value: unknown) => value is Locale = isInterfaceLocale;

/** The value of the X-Language header and of the server's user setting for a locale. */
export function serverLanguageOf(locale: Locale): 'en' | 'zh' {
  return locale === 'zh-CN' ? 'zh' : 'en';
}

/** The server's user language setting: `en` or `zh`, anything else becomes `en` (SPEC.md section 5). */
export function localeOfServerLanguage(language: unknown): Locale {
  return language === 'zh' ? 'zh-CN' : 'en-US';
}
