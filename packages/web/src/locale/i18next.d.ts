import 'i18next';
import type { ConsoleMessages } from './console-messages';
import type { enUS } from './en-US';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** The user app's messages and the console's (registered when the console loads). */
    resources: { translation: typeof enUS & ConsoleMessages };
    keySeparator: false;
    nsSeparator: false;
  }
}
