/**
 * One form for the singular and plural of an English word (and a verb's -s form), so that a glossary
 * term matches however a text inflects it: "exchange rates" and "exchange rate", "companies" and
 * "company", "prices" and "price". Both sides are normalised the same way; the result is a lookup
 * key, not always a dictionary word.
 *
 * Deliberately narrow: -ing and -ed forms are not folded, because in finance they are mostly terms of
 * their own (rating is not rate, pricing is not price, holding is not hold). Acronyms (capitals
 * only: US, GDP, CPIs) are the caller's to leave alone.
 */

/** Plurals no suffix rule gets right. */
const IRREGULAR: Record<string, string> = {
  analyses: 'analysis',
  crises: 'crisis',
  theses: 'thesis',
  indices: 'index',
  matrices: 'matrix',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  children: 'child',
  men: 'man',
  women: 'woman',
  people: 'person',
};

/** Words that end like a plural and are not one (or whose singular would be another word). */
const UNCHANGED = new Set([
  'news',
  'series',
  'species',
  'means',
  'always',
  'perhaps',
  'whereas',
  'has',
  'was',
  'does',
  'its',
  'this',
  'thus',
  'plus',
  'bias',
  'alias',
  'atlas',
  'canvas',
  'gas',
  'lens',
  'chaos',
  'ethos',
  'pros',
  'cons',
  'overseas',
  'sales',
  'earnings',
  'savings',
  'holdings',
  'proceeds',
  'goods',
  'arrears',
  'headquarters',
  'odds',
  'outskirts',
]);

/** The word's singular (or base) form, lower-cased; words of three letters or fewer stay as they are. */
export function singularOf(word: string): string {
  const w = word.toLowerCase().replace(/’/g, "'");
  // A possessive: the company's, the companies'.
  const bare = w.endsWith("'s") ? w.slice(0, -2) : w.endsWith("s'") ? w.slice(0, -1) : w;
  if (bare.length <= 3 || UNCHANGED.has(bare)) return bare;
  const irregular = IRREGULAR[bare];
  if (irregular) return irregular;
  if (/[^aeiou]ies$/.test(bare) && bare.length > 4) return `${bare.slice(0, -3)}y`;
  if (/(?:ss|ch|sh|x|z)es$/.test(bare)) return bare.slice(0, -2);
  // -ss (gross), -us (status), -is (basis), -ics (economics) are no plurals of a shorter word.
  if (/(?:ss|us|is|ics)$/.test(bare)) return bare;
  if (bare.endsWith('s')) return bare.slice(0, -1);
  return bare;
}

/** A run of words as its lookup key: each word in its singular form, joined by single spaces. */
export const singularKey = (words: readonly string[]): string => words.map(singularOf).join(' ');
