/** Text folded the way FTS5's unicode61 tokenizer (remove_diacritics 2) compares it. */
export const foldText = (text: string): string => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Regular-expression source matching `tokens` in sequence as whole words, separated by anything that
 * is not a letter or digit; with `prefix`, the last token may be the start of a longer word, and
 * the match runs to the end of that word.
 */
export function tokensSource(tokens: string[], prefix: boolean): string {
  const body = tokens.map(escapeRegExp).join('[^\\p{L}\\p{N}]+');
  return `(?<![\\p{L}\\p{N}])${body}${prefix ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])'}`;
}
