import type { GlossaryIndex } from './cross-lingual.js';
import { keyOf } from './cross-lingual.js';
import type { ParsedQuery, QueryTerm } from './fts-query.js';

const HAS_HAN = /\p{Script=Han}/u;

/**
 * The glossary as the query's dictionary of Chinese words. Chinese is typed without spaces, so
 * `半导体国产替代` arrives as one run, which the segmenter cuts into 半导体 / 国产 / 替代 and the
 * parser would search as one phrase. Cut at the glossary's terms instead (longest first, from the
 * left), each term is a word of its own: the query finds reports that name both concepts, each
 * term is widened to its equivalents (cross-lingual.ts) and marked whole in titles and excerpts.
 * What lies between two terms stays a phrase; a quoted phrase is left as typed.
 *
 * The index keeps the segmenter's finer words: a report's 产能利用率 is still found by 利用率, which
 * indexing glossary terms as single tokens would lose (FTS5 holds one token per position).
 */
export function splitAtGlossaryTerms(q: ParsedQuery, glossary: GlossaryIndex): ParsedQuery {
  return { terms: q.terms.flatMap((t) => splitTerm(t, glossary)) };
}

const isForm = (tokens: string[], glossary: GlossaryIndex) =>
  glossary.alternatives(keyOf(tokens)) !== undefined;

function splitTerm(term: QueryTerm, glossary: GlossaryIndex): QueryTerm[] {
  const { tokens } = term;
  if (term.quoted || tokens.length < 2 || !tokens.some((t) => HAS_HAN.test(t)) || isForm(tokens, glossary))
    return [term];
  const pieces: string[][] = [];
  let between: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const end = longestFormFrom(tokens, i, glossary);
    if (end === null) {
      between.push(tokens[i]!);
      i++;
      continue;
    }
    if (between.length) pieces.push(between);
    between = [];
    pieces.push(tokens.slice(i, end));
    i = end;
  }
  if (between.length) pieces.push(between);
  if (pieces.length < 2) return [term];
  return pieces.map((p, i) => ({ tokens: p, prefix: i === pieces.length - 1 && term.prefix }));
}

/** Where the longest glossary form starting at token `start` ends, if one does. */
function longestFormFrom(tokens: string[], start: number, glossary: GlossaryIndex): number | null {
  for (let end = tokens.length; end > start; end--)
    if (isForm(tokens.slice(start, end), glossary)) return end;
  return null;
}
