import { queryTokens } from '../../text/segment.js';

/**
 * A query: terms that must all match; a term of several tokens is a phrase. A term that stands for
 * a glossary concept (cross-lingual.ts) also matches its `equivalents` (phrases, mostly in the other
 * language); one made of several typed terms (`interest rate swap`) keeps them as `words`, all of
 * which match where the concept is written as typed.
 */
export interface QueryTerm {
  tokens: string[];
  prefix: boolean;
  /** Typed in quotation marks: a phrase the glossary's words never cut (glossary-words.ts). */
  quoted?: true;
  words?: QueryTerm[];
  equivalents?: string[][];
}

export interface ParsedQuery {
  terms: QueryTerm[];
}

/**
 * A prefix shorter than this would match a large part of the vocabulary ("a" every word starting
 * with a): shorter last words are searched as whole words.
 */
export const MIN_PREFIX_LENGTH = 3;

/** Quotation marks that open and close a phrase: ASCII, typographic and the CJK corner brackets. */
const QUOTE = '"“”„「」『』';
/** A quoted phrase (its closing mark optional: an unclosed quote runs to the end), or a run without spaces. */
const CHUNK = new RegExp(`[${QUOTE}]([^${QUOTE}]*)[${QUOTE}]?|[^\\s${QUOTE}]+`, 'gu');

/**
 * Splits what a user typed into terms. A quoted phrase ("real rates") is one term, its words in
 * that order; so is a run of words joined by punctuation or of Chinese words. The last term also
 * matches as a prefix while it is being typed (unquoted, no trailing space, at least
 * MIN_PREFIX_LENGTH Latin letters or digits): a prefix on a lone Han character would match
 * thousands of words.
 */
export function parseQuery(keyword: string): ParsedQuery {
  const chunks = [...keyword.matchAll(CHUNK)].map((m) => ({
    tokens: queryTokens(m[1] ?? m[0]),
    quoted: m[1] !== undefined,
  }));
  const terms = chunks.filter((c) => c.tokens.length > 0);
  const open = !/\s$/.test(keyword);
  return {
    terms: terms.map(({ tokens, quoted }, i) => {
      const last = tokens[tokens.length - 1] ?? '';
      const prefix =
        open &&
        !quoted &&
        i === terms.length - 1 &&
        /^[a-z0-9]+$/.test(last) &&
        last.length >= MIN_PREFIX_LENGTH;
      return quoted ? { tokens, prefix, quoted } : { tokens, prefix };
    }),
  };
}
