import { i18n } from './i18n';
import { admin as adminEnUS } from './en-US/admin';
import { adminContent as adminContentEnUS } from './en-US/admin-content';
import { admin as adminZhCN } from './zh-CN/admin';
import { adminContent as adminContentZhCN } from './zh-CN/admin-content';

/**
 * The administrator console's messages, in both languages. They travel with the console's chunk,
 * not with the user app's first screen: the console registers them when it loads.
 */
export const consoleMessages = {
  'en-US': { ...adminEnUS, ...adminContentEnUS },
  'zh-CN': { ...adminZhCN, ...adminContentZhCN },
};

export type ConsoleMessages = (typeof consoleMessages)['en-US'];

/** Adds the console's messages to i18next (idempotent; other messages are kept). */
export function registerConsoleMessages(): void {
  for (const [locale, messages] of Object.entries(consoleMessages))
    i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
