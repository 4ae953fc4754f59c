/** Interface languages (SPEC.md section 9). Report languages live in the contract. */
export const LOCALES = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The value of the X-Language header and of the server's user setting for a locale. */
export function serverLanguageOf(locale: Locale): 'en' | 'zh' {
  return locale === 'zh-CN' ? 'zh' : 'en';
}

/** The server's user language setting: `en` or `zh`, anything else becomes `en` (SPEC.md section 5). */
export function localeOfServerLanguage(language: unknown): Locale {
  return language === 'zh' ? 'zh-CN' : 'en-US';
}
