import { userApi } from '../api/user-api';
import { serverLanguageOf, type Locale } from '../config/locales';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { isLoggedIn, useUserStore } from '../stores/user-store';
import { applyLocale, loadLocale } from './i18n';

/** Loads, applies and stores an interface language, without telling the server. */
export async function applyInterfaceLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  applyLocale(locale);
  useAppSettingsStore.getState().setLanguage(locale);
}

/**
 * Switches the interface language: loads it, stores it, applies it to i18next, antd and dayjs,
 * and for a logged-in user saves language and show_summary on the server (SPEC.md section 4).
 */
export async function switchLocale(locale: Locale): Promise<void> {
  await applyInterfaceLocale(locale);
  if (!isLoggedIn()) return;
  const { user, setSettings } = useUserStore.getState();
  userApi
    .saveSettings(
      { language: serverLanguageOf(locale), show_summary: user?.settings.show_summary ?? true },
      { hideErrorMessage: true },
    )
    .then(({ settings }) => setSettings(settings))
    .catch(() => {
      // The language still applies locally; the catalogue already reported the failure.
    });
}
