import { describe, expect, it } from 'vitest';
import { needsTranslation, protectTerms, restoreTerms } from './glossary.js';

describe('glossary', () => {
  it('protects amounts, percentages and tickers and restores them verbatim', () => {
    const source = '$4.5 billion, up 12% for AAPL';
    const p = protectTerms(source);
    expect(p.text).toBe('⟦0⟧, up ⟦1⟧ for ⟦2⟧');
    expect(p.terms).toEqual(['$4.5 billion', '12%', 'AAPL']);
    const restored = restoreTerms('⟦0⟧，同比增长⟦1⟧，⟦2⟧', p.terms);
    expect(restored).toEqual({ text: '$4.5 billion，同比增长12%，AAPL', missing: 0 });
  });

  it.each([
    [
      'Costco Wholesale Corporation (NASDAQ: COST) announced',
      ['Costco Wholesale Corporation', 'NASDAQ: COST'],
    ],
    ['Apple Inc. reported EPS of $1.26 on Form 10-Q', ['Apple Inc.', 'EPS', '$1.26', '10-Q']],
    ['Net sales rose 9.5% in Q3 FY2023, margin up 40 bps', ['9.5%', 'Q3', 'FY2023', '40 bps']],
    ['See https://investor.apple.com/ or ir@costco.com', ['https://investor.apple.com/', 'ir@costco.com']],
    ['Losses of (1,234) and 2.5x leverage', ['(1,234)', '2.5x']],
    ['高测股份(688556.SH) 增持', ['688556.SH']],
    ['12.5x EV/EBITDA', ['12.5x', 'EV', 'EBITDA']],
    ['[Table_Main]', ['[Table_Main]']],
  ])('keeps the terms of %j', (source, terms) => {
    const p = protectTerms(source);
    expect(p.terms).toEqual(terms);
    expect(restoreTerms(p.text, p.terms).text).toBe(source);
  });

  it('translates headings in capitals instead of keeping them as acronyms', () => {
    expect(protectTerms('CONSOLIDATED STATEMENTS OF OPERATIONS').terms).toEqual([]);
    expect(protectTerms('ASSETS').terms).toEqual([]);
    expect(needsTranslation('NEWS RELEASE')).toBe(true);
  });

  it('keeps extra terms such as issuer names, longest first, shared placeholders for repeats', () => {
    const p = protectTerms('Costco and Costco Wholesale beat; Costco grew', {
      keep: ['Costco', 'Costco Wholesale'],
    });
    expect(p.text).toBe('⟦0⟧ and ⟦1⟧ beat; ⟦0⟧ grew');
    expect(p.terms).toEqual(['Costco', 'Costco Wholesale']);
  });

  it('appends terms the translation lost and accepts [[n]] placeholders', () => {
    expect(restoreTerms('收入[[0]]', ['$5', '12%'])).toEqual({ text: '收入$5 12%', missing: 1 });
  });

  it.each([
    ['Net sales increased', true],
    ['Percent', true],
    ['52,604', false],
    ['$ (1,234) 12.5%', false],
    ['AAPL', false],
    ['Q3 FY2023', false],
    ['bps', false],
    ['公司营收同比增长12%，EPS为1.2元', false],
    ['德邦证券 Tebon Securities', false],
    ['', false],
  ])('needsTranslation(%j) is %s', (text, expected) => {
    expect(needsTranslation(text)).toBe(expected);
  });
});
