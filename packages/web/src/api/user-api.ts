import type { Locale } from '../config/locales';
import { serverLanguageOf } from '../config/locales';
import type { ServerMenuItem } from '../stores/app-settings-store';
import { postApi, type CallOptions } from './http-client';

/**
 * Account calls used by the shell. Their schemas arrive in the contract with the accounts issue;
 * until then the responses are checked here by shape only.
 */
export const userApi = {
  /** Saves the interface language and the summary preference of a logged-in user (SPEC.md section 4). */
  saveSettings: (locale: Locale, showSummary: boolean, options?: CallOptions) =>
    postApi<unknown>(
      '/api/user/settings',
      { language: serverLanguageOf(locale), show_summary: showSummary },
      null,
      options,
    ),

  /** The server menu: a list of route names with children. */
  menu: async (options?: CallOptions): Promise<ServerMenuItem[]> => {
    const data = await postApi<unknown>('/api/user/menu', {}, null, options);
    return Array.isArray(data) ? data.filter(isMenuItem) : [];
  },
};

function isMenuItem(value: unknown): value is ServerMenuItem {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}
