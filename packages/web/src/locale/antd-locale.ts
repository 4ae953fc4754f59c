import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from '../config/locales';

const ANTD_LOCALES: Partial<Record<Locale, AntdLocale>> = { 'en-US': enUS };

export function registerAntdLocale(locale: Locale, antdLocale: AntdLocale): void {
  ANTD_LOCALES[locale] = antdLocale;
}

/** antd's own texts (pickers, pagination, modals) for the interface language. */
export function antdLocaleOf(locale: Locale): AntdLocale {
  return ANTD_LOCALES[locale] ?? enUS;
}
