import { userApi } from '../api/user-api';
import type { Locale } from '../config/locales';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { isLoggedIn, useUserStore } from '../stores/user-store';
import { applyLocale, loadLocale } from './i18n';

/**
 * Switches the interface language: loads it, stores it, applies it to i18next, antd and dayjs,
 * and for a logged-in user saves language and show_summary on the server (SPEC.md section 4).
 */
export async function switchLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  applyLocale(locale);
  useAppSettingsStore.getState().setLanguage(locale);
  const { user } = useUserStore.getState();
  if (isLoggedIn()) {
    userApi
      .saveSettings(locale, user?.settings.show_summary ?? true, { hideErrorMessage: true })
      .catch(() => {
        // The language still applies locally; the catalogue already reported the failure.
      });
  }
}
