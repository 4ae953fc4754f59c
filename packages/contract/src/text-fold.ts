import { foldHan } from './han-fold.js';

/**
 * Text folded the way the search index compares words (SQLite FTS5's unicode61 tokenizer with
 * remove_diacritics 2): case, accents and width; and traditional Chinese as simplified. The server
 * folds the index and its keys with it, the web what it compares with those keys.
 */
export const foldText = (text: string): string =>
  foldHan(text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, ''));

/**
 * A name (issuer, analyst) as a follow is keyed by it: folded as the search folds words, spaces
 * collapsed. The server keys follows with it; the web finds my follow of a name shown with it.
 */
export const foldName = (name: string): string => foldText(name).replace(/\s+/g, ' ').trim();
