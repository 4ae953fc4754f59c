import { queryTokens } from './segment.js';

/** A query as typed: terms that must all match; a term of several tokens is a phrase. */
export interface ParsedQuery {
  terms: { tokens: string[]; prefix: boolean }[];
}

/**
 * Splits what a user typed into terms. The last term also matches as a prefix while it is being
 * typed (no trailing space), for Latin letters and digits only: a prefix on a lone Han character
 * would match thousands of words.
 */
export function parseQuery(keyword: string): ParsedQuery {
  const terms = keyword
    .split(/\s+/)
    .map((t) => queryTokens(t))
    .filter((tokens) => tokens.length > 0);
  const open = !/\s$/.test(keyword);
  return {
    terms: terms.map((tokens, i) => ({
      tokens,
      prefix: open && i === terms.length - 1 && /^[a-z0-9]/.test(tokens[tokens.length - 1] ?? ''),
    })),
  };
}
