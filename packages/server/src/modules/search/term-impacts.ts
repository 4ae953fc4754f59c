import { tokenize } from '../../text/segment.js';

/**
 * Champion lists (Manning et al., Introduction to Information Retrieval, 7.1.3): for each document,
 * the terms it is most about, with a BM25 term-frequency weight. Ranking a word found in 90,000
 * reports then reads the top of one index instead of scoring every match. Weights leave out IDF,
 * which changes as the library grows; the query applies it.
 *
 * A document keeps every term of its title and metadata and its TOP_BODY_TERMS heaviest body terms.
 */
export const TOP_BODY_TERMS = 64;
const K1 = 1.2;
const B = 0.75;
/** Field boosts as in the bm25() of the search query, and reference lengths in tokens. */
const FIELDS = {
  title: { boost: 10, ref: 10 },
  meta: { boost: 4, ref: 20 },
  body: { boost: 1, ref: 1500 },
} as const;

const STOPWORDS = new Set(
  `a an and are as at be been but by for from had has have he her his i if in into is it its of on or our
  s that the their there these they this to was we were which will with would not no than then so such
  may can also more most other some any all per vs over under about after before while been being both
  的 了 和 是 在 与 及 等 对 为 也 将 而 但 或 其 中 上 下 我们 他们 这 那 一 个 有 就 都 要 以 于 并 从`.split(
    /\s+/,
  ),
);

/** Whether a word can be in the lists: not a stop word nor a lone Latin letter or digit. */
export const keep = (t: string) => !STOPWORDS.has(t) && (t.length > 1 || /\p{Script=Han}/u.test(t));

function frequencies(text: string): { tf: Map<string, number>; length: number } {
  const tf = new Map<string, number>();
  const tokens = tokenize(text);
  for (const t of tokens) if (keep(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { tf, length: tokens.length };
}

const saturate = (tf: number, length: number, ref: number) =>
  (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / ref));

export function documentImpacts(doc: {
  title: string;
  meta: string;
  body: string;
}): { term: string; weight: number }[] {
  const weights = new Map<string, number>();
  const head = new Set<string>();
  for (const field of ['title', 'meta', 'body'] as const) {
    const { tf, length } = frequencies(doc[field]);
    const { boost, ref } = FIELDS[field];
    for (const [term, n] of tf) {
      weights.set(term, (weights.get(term) ?? 0) + boost * saturate(n, length, ref));
      if (field !== 'body') head.add(term);
    }
  }
  const out: { term: string; weight: number }[] = [];
  let bodyTerms = 0;
  for (const [term, weight] of [...weights].sort((a, b) => b[1] - a[1])) {
    const fromHead = head.has(term);
    if (!fromHead && bodyTerms >= TOP_BODY_TERMS) continue;
    if (!fromHead) bodyTerms++;
    out.push({ term, weight: Math.round(weight * 1000) / 1000 });
  }
  return out;
}
