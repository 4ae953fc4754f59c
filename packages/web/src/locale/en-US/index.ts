import type { ConsoleMessages } from '../console-messages';
import { account } from './account';
import { auth } from './auth';
import { catalogue } from './catalogue';
import { common } from './common';
import { errors } from './errors';
import { menu } from './menu';
import { navbar } from './navbar';
import { pages } from './pages';
import { library } from './library';
import { plans } from './plans';
import { search } from './search';
import { settingsDrawer } from './settings-drawer';
import { upload } from './upload';
import { viewer } from './viewer';
import { publicForms } from './public-forms';
import { walls } from './walls';
import { research } from './research';
import { researchSearch } from './research-search';
import { companyPage } from './company-page';
import { researchEdit } from './research-edit';
import { follows } from './follows';
import { digest } from './digest';

/** English messages: the reference set; every other language has exactly these keys. */
export const enUS = {
  ...common,
  ...menu,
  ...navbar,
  ...settingsDrawer,
  ...errors,
  ...auth,
  ...search,
  ...catalogue,
  ...viewer,
  ...pages,
  ...account,
  ...plans,
  ...library,
  ...upload,
  ...publicForms,
  ...walls,
  ...research,
  ...researchSearch,
  ...companyPage,
  ...researchEdit,
  ...follows,
  ...digest,
};

/** A key of any message: the user app's and the console's (console-messages.ts). */
export type MessageKey = keyof typeof enUS | keyof ConsoleMessages;
