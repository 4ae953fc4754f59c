import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../glossary/builtin-glossary.js';
import { createGlossaryIndex, isWidened, markedTerms, typedQuery, widenQuery } from './cross-lingual.js';
import { parseQuery } from './fts-query.js';
import { toTsquery } from './postgres-search.js';
import { queryTokens } from '../../text/segment.js';
import { toMatchExpression } from './sqlite-search.js';
import { withCompanyNames } from './company-words.js';
import { buildDirectory } from '../companies/company-directory.js';

/** Chinese forms as the segmenter splits them (芯片 may be 芯|片), as the index does. */
const chip = queryTokens('芯片');

const GLOSSARY: GlossaryEntry[] = [
  { zh: ['半导体', '芯片'], en: ['semiconductor', 'chips'], domain: 'sectors' },
  { zh: ['利率互换'], en: ['interest rate swap', 'IRS'], domain: 'rates' },
  { zh: ['人工智能'], en: ['artificial intelligence', 'AI', 'ai'], domain: 'sectors' },
];
const glossary = createGlossaryIndex(GLOSSARY);

describe('widenQuery', () => {
  it('adds a term’s other forms, in both languages, and says which', () => {
    const w = widenQuery(parseQuery('半导体 '), glossary);
    expect(w.parsed.terms[0]?.equivalents).toEqual([chip, ['semiconductor'], ['chips']]);
    expect(w.also).toEqual([
      { language: 'zh', terms: ['芯片'] },
      { language: 'en', terms: ['semiconductor', 'chips'] },
    ]);
  });

  it('finds a form typed in traditional Chinese or another case', () => {
    expect(widenQuery(parseQuery('半導體 '), glossary).parsed.terms[0]?.equivalents).toContainEqual([
      'semiconductor',
    ]);
    expect(widenQuery(parseQuery('Semiconductor '), glossary).also).toContainEqual({
      language: 'zh',
      terms: ['半导体', '芯片'],
    });
  });

  it('reads the longest run of typed terms that is a form as one concept', () => {
    const w = widenQuery(parseQuery('interest rate swap curve'), glossary);
    expect(w.parsed.terms).toHaveLength(2);
    const [swap, curve] = w.parsed.terms;
    expect(swap?.words?.map((t) => t.tokens)).toEqual([['interest'], ['rate'], ['swap']]);
    expect(swap?.equivalents).toEqual([['利率', '互换'], ['irs']]);
    expect(curve).toEqual({ tokens: ['curve'], prefix: true });
  });

  it('keeps forms that tokenise alike once, and leaves unknown words alone', () => {
    expect(widenQuery(parseQuery('人工智能 '), glossary).also).toEqual([
      { language: 'en', terms: ['artificial intelligence', 'AI'] },
    ]);
    const plain = widenQuery(parseQuery('copper'), glossary);
    expect(plain.also).toEqual([]);
    expect(isWidened(plain.parsed)).toBe(false);
  });

  it('gives back the query as typed, and every form to mark', () => {
    const typed = parseQuery('interest rate swap 半导体');
    const widened = widenQuery(typed, glossary).parsed;
    expect(isWidened(widened)).toBe(true);
    expect(typedQuery(widened)).toEqual(typed);
    expect(markedTerms(widened).terms.map((t) => t.tokens.join(' '))).toEqual([
      'interest',
      'rate',
      'swap',
      '利率 互换',
      'irs',
      '半导体',
      chip.join(' '),
      'semiconductor',
      'chips',
    ]);
  });
});

describe('widenQuery, English words in either number', () => {
  const fx = createGlossaryIndex([
    { zh: ['汇率', '外汇'], en: ['foreign exchange', 'exchange rates', 'FX'], domain: 'fx' },
    { zh: ['价格'], en: ['price'], domain: 'markets' },
    { zh: ['汇率制度'], en: ['exchange rate regime'], domain: 'fx' },
  ]);
  const zhAdded = (q: string, index = fx) =>
    widenQuery(parseQuery(q), index).also.find((a) => a.language === 'zh')?.terms ?? [];

  it('widens a plural form typed singular, and a singular form typed plural', () => {
    expect(zhAdded('exchange rates')).toEqual(['汇率', '外汇']);
    expect(zhAdded('exchange rate')).toEqual(['汇率', '外汇']);
    expect(zhAdded('Exchange Rate')).toEqual(['汇率', '外汇']);
    expect(zhAdded('prices')).toEqual(['价格']);
    expect(zhAdded('price')).toEqual(['价格']);
  });

  it('leaves the other number of the typed form out of what it adds', () => {
    const added = widenQuery(parseQuery('exchange rate'), fx).also.flatMap((a) => a.terms);
    expect(added).not.toContain('exchange rates');
    expect(added).toContain('foreign exchange');
  });

  it('prefers a longer concept and a form as typed', () => {
    expect(zhAdded('exchange rate regimes')).toEqual(['汇率制度']);
  });

  it("does not widen a word's form inside a company's name", () => {
    const directory = buildDirectory(
      [{ tickers: ['GPG.US'], exchange: 'NYSE', en: ['Global Prices Group'], zh: [] }],
      [],
    );
    const named = withCompanyNames(fx, directory);
    const w = widenQuery(parseQuery('Global Prices Group'), named);
    expect(w.also).toEqual([]);
    expect(isWidened(w.parsed)).toBe(false);
    expect(zhAdded('prices', named)).toEqual(['价格']);
  });
});

describe('compiled widened queries', () => {
  const widened = widenQuery(parseQuery('interest rate swap 半导体 '), glossary).parsed;

  it('match the typed words or an equivalent phrase, in FTS5', () => {
    expect(toMatchExpression(widened, 'all')).toBe(
      `(("interest" AND "rate" AND "swap") OR "利率 互换" OR "irs") AND ("半导体" OR "${chip.join(' ')}" OR "semiconductor" OR "chips")`,
    );
    expect(toMatchExpression(widened, 'title')).toMatch(/^title : \(/);
  });

  it('match the typed words or an equivalent phrase, in tsquery', () => {
    expect(toTsquery(widened, 'all')).toBe(
      `(('interest' & 'rate' & 'swap') | ('利率' <-> '互换') | 'irs') & ('半导体' | ${chip.length > 1 ? `(${chip.map((t) => `'${t}'`).join(' <-> ')})` : `'${chip[0]}'`} | 'semiconductor' | 'chips')`,
    );
    expect(toTsquery(widened, 'title')).toContain("'半导体':A");
  });
});
