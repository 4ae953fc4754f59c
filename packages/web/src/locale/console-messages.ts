import { admin as adminEnUS } from './en-US/admin';
import { adminContent as adminContentEnUS } from './en-US/admin-content';
import { adminDigests as adminDigestsEnUS } from './en-US/admin-digests';
import { admin as adminZhCN } from './zh-CN/admin';
import { adminContent as adminContentZhCN } from './zh-CN/admin-content';
import { adminDigests as adminDigestsZhCN } from './zh-CN/admin-digests';

/**
 * The administrator console's messages, in both languages. They travel with the console's chunk,
 * not with the user app's first screen: the console registers them when it loads
 * (register-console-messages.ts).
 */
export const consoleMessages = {
  'en-US': { ...adminEnUS, ...adminContentEnUS, ...adminDigestsEnUS },
  'zh-CN': { ...adminZhCN, ...adminContentZhCN, ...adminDigestsZhCN },
};

export type ConsoleMessages = (typeof consoleMessages)['en-US'];
