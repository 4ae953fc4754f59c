import { splitSentences } from '@rl/contract/sentences';
import { contentTerms } from '../search/content-terms.js';

/**
 * Retrieval for the chat: a report's pages cut into passages (paragraphs merged up to a size,
 * never across pages, so every passage has one page number to cite) and ranked against a question
 * with BM25. English and Chinese share the search index's tokenizer.
 */

export interface Passage {
  /** 1-based page number: what a citation points to. */
  page: number;
  text: string;
}

export interface RankedPassage extends Passage {
  score: number;
}

/** Passages aim for this many characters (a few sentences) and stop before the maximum. */
const TARGET_CHARS = 500;
const MAX_CHARS = 900;
const K1 = 1.2;
const B = 0.75;

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX_CHARS) return [paragraph];
  const parts: string[] = [];
  let current = '';
  // Sentences as the summary splits them: a decimal ("10.1%") or "U.S. GAAP" is never cut.
  for (const sentence of splitSentences(paragraph)) {
    if (current && current.length + sentence.length > MAX_CHARS) {
      parts.push(current);
      current = '';
    }
    current += (current && !/[\u3400-\u9fff]$/.test(current) ? ' ' : '') + sentence;
    while (current.length > MAX_CHARS) {
      parts.push(current.slice(0, MAX_CHARS));
      current = current.slice(MAX_CHARS);
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** Cuts pages into passages; page text has lines split by `\n` and paragraphs by a blank line. */
export function chunkPages(pages: readonly string[]): Passage[] {
  const passages: Passage[] = [];
  pages.forEach((pageText, index) => {
    let current = '';
    const flush = () => {
      if (current.trim()) passages.push({ page: index + 1, text: current.trim() });
      current = '';
    };
    for (const block of pageText.split(/\n\s*\n/)) {
      const paragraph = block.replace(/\s*\n\s*/g, ' ').trim();
      if (!paragraph) continue;
      for (const piece of splitLong(paragraph)) {
        if (current && current.length + piece.length > TARGET_CHARS) flush();
        current += (current ? '\n' : '') + piece;
      }
    }
    flush();
  });
  return passages;
}

export interface PassageIndex {
  readonly size: number;
  /** The passages indexed, in reading order. */
  readonly passages: readonly Passage[];
  /** The best `limit` passages for a question, best first; none when no term matches. */
  search(question: string, limit: number): RankedPassage[];
}

/** A BM25 index of passages, built in memory (a report has at most a few thousand). */
export function indexPassages(passages: readonly Passage[]): PassageIndex {
  const docs = passages.map((p) => {
    const tf = new Map<string, number>();
    const terms = contentTerms(p.text);
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { passage: p, tf, length: terms.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avgLength = docs.reduce((n, d) => n + d.length, 0) / Math.max(docs.length, 1) || 1;
  const idf = (t: string) => {
    const n = df.get(t) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };

  return {
    size: docs.length,
    passages,
    search(question, limit) {
      const terms = [...new Set(contentTerms(question))].filter((t) => df.has(t));
      if (terms.length === 0) return [];
      const ranked: RankedPassage[] = [];
      for (const d of docs) {
        let score = 0;
        for (const t of terms) {
          const f = d.tf.get(t);
          if (!f) continue;
          score += (idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLength));
        }
        if (score > 0) ranked.push({ ...d.passage, score });
      }
      return ranked.sort((a, b) => b.score - a.score || a.page - b.page).slice(0, limit);
    },
  };
}

/**
 * The passages for a question of a conversation, best first. A short follow-up ("and in 2025?",
 * "why?") names little or nothing of what it asks about (numbers and stop words are no search
 * terms): its subject is in an earlier question. So when the question alone ranks fewer than
 * `limit` passages, the index is searched again with the latest earlier question that matches
 * anything appended to it; the question's own matches keep the first places and the passages of
 * that search fill the places left. A question that fills its places alone is searched alone.
 */
export function searchConversation(
  index: PassageIndex,
  question: string,
  earlierQuestions: readonly string[],
  limit: number,
): RankedPassage[] {
  const own = index.search(question, limit);
  if (own.length >= limit) return own;
  const topic = [...earlierQuestions].reverse().find((q) => index.search(q, 1).length > 0);
  if (topic === undefined) return own;
  const key = (p: Passage) => `${p.page}\n${p.text}`;
  const taken = new Set(own.map(key));
  const more = index.search(`${question}\n${topic}`, limit).filter((p) => !taken.has(key(p)));
  return [...own, ...more].slice(0, limit);
}

/**
 * The indexes of the files asked about most recently, so a conversation does not re-read and
 * re-index a long filing at every question (a 260-page 10-K takes ~110 ms). A file's pages never
 * change after ingestion; the key is its id, which is never reused.
 */
export function createPassageIndexCache(capacity: number) {
  const entries = new Map<string, Promise<PassageIndex>>();
  return {
    get(fileId: string, load: () => Promise<readonly string[]>): Promise<PassageIndex> {
      let entry = entries.get(fileId);
      if (entry) entries.delete(fileId);
      else {
        entry = load().then((pages) => indexPassages(chunkPages(pages)));
        entry.catch(() => entries.delete(fileId));
      }
      entries.set(fileId, entry);
      while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      return entry;
    },
  };
}
