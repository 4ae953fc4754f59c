/**
 * The finance glossary of the translator: terms that must come out of the translation exactly as
 * they went in (numbers, percentages, currency amounts, units, periods, tickers, acronyms, issuer
 * names, URLs). They are swapped for numbered placeholders (`⟦0⟧`) before the text goes to the
 * model and swapped back afterwards, so no model can round a number or translate a ticker.
 */

const SCALE = String.raw`(?:trillion|billion|million|thousand|tn|bn|mn|[MBK])`;
const UNIT = String.raw`(?:x|bps|bp|pp|ppt|kWh|MWh|GWh|GW|MW|km|kg|oz|bbl|boe|mmBtu|sq\.? ?ft\.?)`;
const NUMBER = String.raw`(?:\([+\-−]?\d[\d,]*(?:\.\d+)?\)|[+\-−]?\d[\d,]*(?:\.\d+)?)`;
const CURRENCY = String.raw`(?:US\$|HK\$|A\$|C\$|S\$|RMB|USD|EUR|GBP|JPY|CNY|HKD|[$€£¥])`;
/** Words that may start a sentence before a company name; never part of the name. */
const NOT_NAME = String.raw`(?!(?:The|In|On|At|For|And|Of|By|To|As|From|With|Our|Its|This|That)\b)`;

/** The patterns, tried left to right at each position; the first (longest-listed) match wins. */
const PATTERN_SOURCES = {
  url: String.raw`https?://[^\s)\]]+|www\.[^\s)\]]+`,
  /** Hidden field markers of report templates, e.g. "[Table_Main]" (broker notes carry them in white). */
  marker: String.raw`\[[A-Z][A-Za-z]*_[A-Za-z_]+\]`,
  email: String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
  listing: String.raw`\b(?:NYSE|NASDAQ|Nasdaq|AMEX|LSE|HKEX|TSX|SSE|SZSE)\s?:\s?[A-Z][A-Z0-9.-]{0,7}`,
  codeTicker: String.raw`\b\d{4,6}\.(?:SH|SZ|HK|BJ|T|KS|TW)\b|\b[A-Z]{1,5}\.(?:US|O|N|HK|L)\b`,
  company: String.raw`\b${NOT_NAME}(?:[A-Z][\w&'-]*\s){1,4}(?:Inc\.|Inc\b|Corp\.|Corporation\b|Ltd\.|Limited\b|plc\b|PLC\b|LLC\b|N\.V\.|S\.A\.|Co\.,?\s?Ltd\.)`,
  filing: String.raw`\b\d{1,2}-[KQ]\b`,
  money: String.raw`${CURRENCY}\s?${NUMBER}(?:\s?${SCALE}\b)?`,
  percent: String.raw`${NUMBER}\s?%`,
  period: String.raw`\b(?:FY|CY)\s?'?\d{2,4}\b|\b[1-4]Q\s?'?\d{2,4}\b|\bQ[1-4](?:\s?'?\d{2,4})?\b|\b[12]H\s?'?\d{2,4}\b|\bH[12](?:\s?'?\d{2,4})?\b`,
  quantity: String.raw`${NUMBER}(?:\s?(?:${SCALE}|${UNIT})\b)?`,
  unit: String.raw`\b(?:bps|bp|pp|ppt|kWh|MWh|GWh|GW|MW|mmBtu|bbl|boe)\b`,
};
/**
 * Tickers and acronyms (AAPL, GAAP, S&P, EBITDA): up to five capitals, as longer capital words are
 * mostly headings (ASSETS, REVENUE); left out when a whole heading is in capitals.
 */
const ACRONYM = String.raw`\b(?:EBITDAR?|[A-Z][A-Z0-9&]{1,4})\b`;

const ALL_PATTERNS = new RegExp(Object.values(PATTERN_SOURCES).join('|') + '|' + ACRONYM, 'g');
const NO_ACRONYMS = new RegExp(Object.values(PATTERN_SOURCES).join('|'), 'g');
const PLACEHOLDER = /(?:⟦|\[\[)\s*(\d+)\s*(?:⟧|\]\])/g;

export interface ProtectedText {
  /** The text with each kept term replaced by `⟦n⟧`. */
  text: string;
  /** The kept terms; `⟦n⟧` stands for `terms[n]`. */
  terms: string[];
}

export interface GlossaryOptions {
  /** Extra terms kept verbatim, e.g. the issuer names of the report. */
  keep?: readonly string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when most letters of a longer text are capitals (a heading such as "NET SALES BY REGION"). */
function isShouting(text: string): boolean {
  const letters = text.match(/[A-Za-z]/g) ?? [];
  if ((text.match(/[A-Za-z]{3,}/g)?.length ?? 0) < 2) return false;
  const upper = letters.filter((c) => c >= 'A' && c <= 'Z').length;
  return upper / letters.length >= 0.7;
}

/** Replaces every glossary term of `text` with a placeholder; equal terms share one. */
export function protectTerms(text: string, options: GlossaryOptions = {}): ProtectedText {
  const terms: string[] = [];
  const slot = (term: string): string => {
    let index = terms.indexOf(term);
    if (index < 0) index = terms.push(term) - 1;
    return `⟦${index}⟧`;
  };
  let out = text;
  const keep = [...(options.keep ?? [])].filter((t) => t.trim() !== '').sort((a, b) => b.length - a.length);
  if (keep.length > 0) {
    out = out.replace(new RegExp(keep.map(escapeRegExp).join('|'), 'g'), slot);
  }
  const pattern = isShouting(text) ? NO_ACRONYMS : ALL_PATTERNS;
  // Placeholders already in the text are split around, never matched inside (their digits).
  return {
    text: out
      .split(/(⟦\d+⟧)/)
      .map((part) => (part.startsWith('⟦') ? part : part.replace(pattern, slot)))
      .join(''),
    terms,
  };
}

export interface RestoredText {
  text: string;
  /** Terms whose placeholder the translation lost; they are appended so no number disappears. */
  missing: number;
}

/** Puts the kept terms back in place of their placeholders. */
export function restoreTerms(translated: string, terms: readonly string[]): RestoredText {
  const used = new Set<number>();
  const text = translated.replace(PLACEHOLDER, (whole, n: string) => {
    const index = Number(n);
    const term = terms[index];
    if (term === undefined) return whole;
    used.add(index);
    return term;
  });
  const lost = terms.filter((_, i) => !used.has(i));
  return { text: lost.length > 0 ? `${text} ${lost.join(' ')}` : text, missing: lost.length };
}

const HAN = /\p{Script=Han}/gu;
const WORD = /[A-Za-z]{2,}/g;

/**
 * Whether a block is worth sending to the model: it has at least one word left once the glossary
 * terms are taken out, and is not already Chinese (more Han characters than Latin words).
 */
export function needsTranslation(text: string, options: GlossaryOptions = {}): boolean {
  const words = protectTerms(text, options).text.replace(PLACEHOLDER, ' ').match(WORD)?.length ?? 0;
  if (words === 0) return false;
  const han = text.match(HAN)?.length ?? 0;
  return han <= words;
}
