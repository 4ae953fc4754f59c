import { tokenize } from './segment.js';

/** Words too common to tell passages apart (English); Chinese function words are single characters. */
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i in into is it its of on or our ' +
    'she that the their them there these they this to was we were which will with would you your not no ' +
    'than then so such can could may might also more most other some any each per over under after before ' +
    'during about between while where when who whom what how all both only same own very just should does did'
  ).split(' '),
);
const HAN = /\p{Script=Han}/u;

/**
 * The content words of a text, for ranking passages and sentences: the search index's tokens
 * (Chinese split into words by ICU), without stop words, numbers, single Latin letters and
 * single Han characters.
 */
export function contentTerms(text: string): string[] {
  return tokenize(text).filter((t) =>
    HAN.test(t) ? t.length >= 2 : t.length >= 2 && !STOPWORDS.has(t) && !/^\d+$/.test(t),
  );
}
