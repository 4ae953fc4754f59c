import { admin as adminEnUS } from './en-US/admin';
import { adminContent as adminContentEnUS } from './en-US/admin-content';
import { admin as adminZhCN } from './zh-CN/admin';
import { adminContent as adminContentZhCN } from './zh-CN/admin-content';

/**
 * The administrator console's messages, in both languages. They travel with the console's chunk,
 * not with the user app's first screen: the console registers them when it loads
 * (register-console-messages.ts).
 */
export const consoleMessages = {
  'en-US': { ...adminEnUS, ...adminContentEnUS },
  'zh-CN': { ...adminZhCN, ...adminContentZhCN },
};

export type ConsoleMessages = (typeof consoleMessages)['en-US'];
