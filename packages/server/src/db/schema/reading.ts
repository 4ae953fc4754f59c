import type { Generated } from 'kysely';

/* AI reading: conversations, translations and the finance glossary. */

/** One message of a user's conversation about a file (issue 6). */
export interface DialogMessagesTable {
  id: string;
  user_id: string;
  file_id: string;
  /** Order within the conversation (question before its answer). */
  seq: number;
  role: 'user' | 'assistant';
  text: string;
  /** JSON array of {page, text}. */
  citations: Generated<string>;
  /** JSON {input_tokens, output_tokens} of a generated answer, or null. */
  usage: string | null;
  created_at: string;
}

/** The one translation of a file into a language, shared by every user (issue 6). */
export interface FileTranslationsTable {
  file_seq: number;
  lang: string;
  status: 'pending' | 'finish' | 'failed';
  /** Share of the pages done, 0 to 1. */
  progress: Generated<number>;
  /** sha256 of the translated PDF in storage, once finished. */
  blob_sha256: string | null;
  /** Attempts of the current job. */
  attempts: Generated<number>;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Translated texts, keyed by language and the sha256 of the source text. */
export interface TranslationCacheTable {
  lang: string;
  source_sha256: string;
  translated: string;
  created_at: string;
}

/** An administrator's change to the glossary: a term added, or a built-in one edited or removed. */
export interface GlossaryTermsTable {
  id: string;
  /** The first Chinese form of the built-in term this row replaces; null for a term added here. */
  builtin: string | null;
  zh: string;
  en: string;
  domain: string;
  removed: number;
  updated_at: string;
  updated_by: string;
}

export interface GlossaryVersionTable {
  id: number;
  n: number | string;
}
