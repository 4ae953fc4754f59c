import type { GlossaryEntry } from './builtin-glossary.js';
import { loadBuiltinGlossary } from './builtin-glossary.js';

/**
 * Where a reader of the glossary (search, chat, translation, summaries, the segmenter) gets the
 * terms in use: the built-in ones with the administrator's changes. `current()` is cheap to call
 * per request or per job: the store behind it checks for changes at most every few seconds.
 */
export interface GlossarySource {
  current(): Promise<readonly GlossaryEntry[]>;
}

/** The built-in terms alone: for tools and tests that run without a database. */
export const builtinGlossarySource: GlossarySource = {
  current: async () => loadBuiltinGlossary(),
};
