import { foldHan } from '@rl/contract/han-fold';
import { foldText } from '@rl/contract/text-fold';

/**
 * Chinese has no spaces between words, and FTS5's unicode61 tokenizer would take a whole run of
 * Han characters as one token. Runs of Han are split into words with the ICU dictionary behind
 * Intl.Segmenter, both when text is indexed and when a query is parsed, so the two agree. The
 * dictionary reads a run folded to simplified (han-fold.ts), so that 利率債 splits where 利率债
 * does; the words keep the characters as written.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN_RUN = /\p{Script=Han}+/gu;
const HAS_HAN = /\p{Script=Han}/u;

/**
 * Text as it is written into the index: Han runs split into space-separated words. With another
 * `separator` (a character that is neither letter nor digit), the words are found the same way and
 * removing the separator gives the text back exactly.
 */
export function segmentText(text: string, separator = ' '): string {
  if (!HAS_HAN.test(text)) return text;
  return text.replace(HAN_RUN, (run) => `${separator}${splitHan(run).join(separator)}${separator}`);
}

function splitHan(run: string): string[] {
  const words: string[] = [];
  // Folding keeps offsets: the simplified run's words are cut from the run as written.
  for (const s of segmenter.segment(foldHan(run))) words.push(run.slice(s.index, s.index + s.segment.length));
  return words;
}

/**
 * Tokens of text the way FTS5's unicode61 tokenizer (remove_diacritics 2) sees them: runs of letters
 * and digits, lower-cased, accents removed. Han characters are NFKD-stable, so Chinese is unaffected.
 */
export function tokenize(text: string): string[] {
  return foldText(segmentText(text)).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Tokens of one query term. */
export const queryTokens = tokenize;

const CJK_EDGE = '[\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef]';
const SPACE_BESIDE_CJK = new RegExp(
  `(?<=${CJK_EDGE}[\\u0001\\u0002]?) +|(?<![A-Za-z]) +(?=[\\u0001\\u0002]?${CJK_EDGE})`,
  'gu',
);

/** Undoes segmentText for display: removes the spaces it put between Chinese words. */
export function unsegmentText(text: string): string {
  return HAS_HAN.test(text) ? text.replace(SPACE_BESIDE_CJK, '') : text;
}
