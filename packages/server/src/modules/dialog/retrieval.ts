import { splitSentences } from '@rl/contract/sentences';
import { readPages } from '../../pdf/boilerplate.js';
import { contentTerms } from '../../text/content-terms.js';

/**
 * Retrieval for the chat: a report's pages cut into passages (paragraphs merged up to a size,
 * never across pages, so every passage has one page number to cite) and ranked against a question
 * with BM25. English and Chinese share the search index's tokenizer. Passages of boilerplate
 * (disclaimers, disclosure pages, running headers: pdf/boilerplate.ts) are kept apart and ranked
 * after every passage of the report's own text.
 */

export interface Passage {
  /** 1-based page number: what a citation points to. */
  page: number;
  text: string;
  /** Legal text or page furniture: found only after everything else. */
  boilerplate?: true;
}

export interface RankedPassage extends Passage {
  score: number;
}

/** Passages aim for this many characters (a few sentences) and stop before the maximum. */
const TARGET_CHARS = 500;
const MAX_CHARS = 900;
const K1 = 1.2;
const B = 0.75;

/** A question about the report's call: its rating, target price or recommendation. */
export const ASKS_RATING =
  /\b(?:ratings?|rated|recommendations?|target|price objective|PT|TP|upgrade[sd]?|downgrade[sd]?)\b|评级|目标价|投资建议|推荐/i;
/** A rating as broker notes print it. */
const RATING_WORD =
  /\b(?:Buy|Sell|Hold|Overweight|Underweight|Neutral|(?:Market[- ])?(?:Outperform|Underperform|Perform)|Equal[- ]weight|Accumulate|Reduce|Add)\b|买入|增持|中性|减持|卖出|推荐|优于大市|跑赢行业|持有/;
/** A price with its label or currency: "Price target HK$690", "目标价：95.00", "当前价格(元)：82.42". */
const PRICE =
  /(?:target price|price target|price objective|fair value(?: estimate)?|\bPT\b|\bTP\b|\bPO\b|目标价(?:格)?|当前价格?|现价|收盘价)[^\n\d]{0,20}\d|(?:HK|NT|US|S|A|C)?\$\s?\d|(?:RMB|CNY|HKD|USD|TWD|JPY|KRW|EUR)\s?\d/i;

/**
 * Does the passage state a call: a rating word and a price. Such a passage answers a question
 * about the rating and target even when it shares no word with it (a Chinese note prints 增持 and
 * 当前价格 for "评级和目标价").
 */
const statesCall = (text: string) => RATING_WORD.test(text) && PRICE.test(text);

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

/**
 * Cuts pages into passages; page text has lines split by `\n` and paragraphs by a blank line. A
 * passage is all boilerplate or all text of the report, never both.
 */
export function chunkPages(pages: readonly string[]): Passage[] {
  const passages: Passage[] = [];
  readPages(pages).forEach((reading, index) => {
    let current = '';
    let boilerplate = false;
    const flush = () => {
      const text = current.trim();
      if (text)
        passages.push({ page: index + 1, text, ...(boilerplate ? { boilerplate: true as const } : {}) });
      current = '';
    };
    for (const block of reading.blocks) {
      const paragraph = block.text.replace(/\s*\n\s*/g, ' ').trim();
      if (!paragraph) continue;
      if (block.boilerplate !== boilerplate) {
        flush();
        boilerplate = block.boilerplate;
      }
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
    return { passage: p, tf, length: terms.length, call: !p.boilerplate && statesCall(p.text) };
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
      const asksCall = ASKS_RATING.test(question) && docs.some((d) => d.call);
      if (terms.length === 0 && !asksCall) return [];
      const scores = docs.map((d) => {
        let score = 0;
        for (const t of terms) {
          const f = d.tf.get(t);
          if (!f) continue;
          score += (idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLength));
        }
        return score;
      });
      // The passages stating the call come before those that only share words with the question,
      // the cover's (where a note prints its call) first.
      const best = Math.max(0, ...scores);
      const ranked: RankedPassage[] = [];
      docs.forEach((d, i) => {
        const call = asksCall && d.call ? Math.max(1, best * 0.5) * (d.passage.page === 1 ? 1.2 : 1) : 0;
        const score = scores[i]! + call;
        if (score > 0) ranked.push({ ...d.passage, score });
      });
      const last = (p: Passage) => (p.boilerplate ? 1 : 0);
      return ranked.sort((a, b) => last(a) - last(b) || b.score - a.score || a.page - b.page).slice(0, limit);
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
