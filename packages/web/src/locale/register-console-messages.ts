import { consoleMessages } from './console-messages';
import { i18n } from './i18n';

/** Adds the console's messages to i18next (idempotent; other messages are kept). */
export function registerConsoleMessages(): void {
  for (const [locale, messages] of Object.entries(consoleMessages))
    i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
