/**
 * Text with the compatibility forms of its letters and digits folded (NFKC): ligatures (ﬁ → fi),
 * full-width Latin and digits (ＡＩ２０２３ → AI2023), superscripts; what FTS5's unicode61 tokenizer
 * does not fold by itself. Punctuation keeps its form (a Chinese full-width comma stays one in
 * snippets), and so does Chinese script: this is the text as printed, shown in excerpts.
 */
export function foldCompatibility(text: string): string {
  if (text.normalize('NFKC') === text) return text;
  return text.replace(/[\p{L}\p{N}\p{M}]+/gu, (word) => word.normalize('NFKC'));
}

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
