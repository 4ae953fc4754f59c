import type { Bilingual } from './bilingual.js';
import { accountsMessages } from './accounts-messages.js';
import { adminMessages } from './admin-messages.js';
import { commonMessages } from './common-messages.js';
import { digestMessages } from './digest-messages.js';
import { glossaryMessages } from './glossary-messages.js';
import { ingestMessages } from './ingest-messages.js';
import { libraryMessages } from './library-messages.js';
import { uploadEditMessages } from './upload-edit-messages.js';
import { validationMessages } from './validation-messages.js';
import { wallsMessages } from './walls-messages.js';

/**
 * Every message the server shows a user, in English and Chinese, in one place: each area keeps
 * its messages in a file of this folder and they are merged here.
 */
export const MESSAGES = {
  ...commonMessages,
  ...digestMessages,
  ...ingestMessages,
  ...accountsMessages,
  ...adminMessages,
  ...glossaryMessages,
  ...libraryMessages,
  ...uploadEditMessages,
  ...validationMessages,
  ...wallsMessages,
} satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;
