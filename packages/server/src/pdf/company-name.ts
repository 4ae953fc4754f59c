/** Tokens that stay in capitals when an all-caps company name is recased. */
const KEEP_UPPER = new Set([
  'PLC',
  'LLC',
  'LP',
  'LLP',
  'AG',
  'SA',
  'NV',
  'N.V.',
  'SE',
  'ASA',
  'AB',
  'USA',
  'II',
  'III',
]);
const LOWER_INSIDE = new Set(['OF', 'AND', 'THE', 'FOR', 'DE']);

/** Words that end a company's legal name, to recognise one in running text. */
export const CORPORATE_SUFFIX =
  /\b(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|plc|PLC|Ltd\.?|Limited|Group|Holdings?|N\.V\.|S\.A\.|AG|SE|LLC|L\.P\.)(?=$|[\s,;)(])/;

/**
 * Recases names that filings print in capitals (`THE BOEING COMPANY` -> `The Boeing Company`,
 * `AMCOR PLC` -> `Amcor PLC`) and trims the punctuation around them; mixed-case names are kept.
 */
export function tidyCompanyName(name: string): string {
  const clean = name
    .replace(/\s+/g, ' ')
    .replace(/^[\s"“”'‘’(]+|[\s"“”'‘’),;:]+$/g, '')
    .trim();
  if (/[a-z]/.test(clean)) return clean;
  return clean
    .split(' ')
    .map((word, i) => {
      if (KEEP_UPPER.has(word.replace(/,$/, '')) || /\d/.test(word) || word.length === 1) return word;
      if (i > 0 && LOWER_INSIDE.has(word)) return word.toLowerCase();
      return word.charAt(0) + word.slice(1).toLowerCase();
    })
    .join(' ');
}
