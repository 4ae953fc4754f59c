import { describe, expect, it } from 'vitest';
import { shortenText, splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('never splits inside a number or an amount', () => {
    expect(splitSentences('Revenue grew 10.1% to $3.45 billion. Margins were 0.5 pp higher.')).toEqual([
      'Revenue grew 10.1% to $3.45 billion.',
      'Margins were 0.5 pp higher.',
    ]);
    expect(splitSentences('Version 2.0.1 shipped. It works.')).toEqual([
      'Version 2.0.1 shipped.',
      'It works.',
    ]);
  });

  it('keeps abbreviations, initials and company suffixes inside the sentence', () => {
    expect(
      splitSentences(
        'Under Chapter 11 of the U.S. Bankruptcy Code the case closed. PepsiCo, Inc. (“PepsiCo”) held its meeting. ' +
          'Mr. Li and J. Smith spoke, e.g. about No. 3 plants. Costs rose vs. last year.',
      ),
    ).toEqual([
      'Under Chapter 11 of the U.S. Bankruptcy Code the case closed.',
      'PepsiCo, Inc. (“PepsiCo”) held its meeting.',
      'Mr. Li and J. Smith spoke, e.g. about No. 3 plants.',
      'Costs rose vs. last year.',
    ]);
    expect(splitSentences('See Item 1. Business and Note 12. Debt for details. Then stop.')).toEqual([
      'See Item 1. Business and Note 12. Debt for details.',
      'Then stop.',
    ]);
    expect(splitSentences('The deal was signed by Apple Inc. The price was not disclosed.')).toEqual([
      'The deal was signed by Apple Inc.',
      'The price was not disclosed.',
    ]);
  });

  it('ends at ! and ? and after closing quotes, not before a lower-case word', () => {
    expect(splitSentences('Growth is “strong.” Is it lasting? Yes! the rest. Ok')).toEqual([
      'Growth is “strong.”',
      'Is it lasting?',
      'Yes!',
      'the rest.',
      'Ok',
    ]);
    expect(splitSentences('See approx. five plants in the region.')).toEqual([
      'See approx. five plants in the region.',
    ]);
  });

  it('splits Chinese at 。！？； with or without spaces, quotes kept with their sentence', () => {
    expect(splitSentences('营收增长10.5%。毛利率提升；净利润下降！会持续吗？“维持增持评级。”下一句')).toEqual(
      ['营收增长10.5%。', '毛利率提升；', '净利润下降！', '会持续吗？', '“维持增持评级。”', '下一句'],
    );
  });

  it('answers nothing for blank text and the text itself without an end mark', () => {
    expect(splitSentences('  ')).toEqual([]);
    expect(splitSentences('Net sales by region')).toEqual(['Net sales by region']);
  });
});

describe('shortenText', () => {
  it('keeps whole sentences that fit, else whole words, else (Chinese) whole characters', () => {
    const text = 'Margins widened on pricing. Volumes were flat in the quarter. Costs rose.';
    expect(shortenText(text, 200)).toBe(text);
    expect(shortenText(text, 62)).toBe('Margins widened on pricing. Volumes were flat in the quarter.');
    expect(shortenText('Nvidia remains the dominant provider of accelerators', 30)).toBe(
      'Nvidia remains the dominant…',
    );
    expect(shortenText('Nvidia remains the dominant provider of accelerators', 28)).toBe(
      'Nvidia remains the dominant…',
    );
    expect(shortenText('Nvidia remains the dominant provider of accelerators', 27)).toBe(
      'Nvidia remains the…',
    );
    expect(shortenText('公司营收同比增长百分之二十，毛利率提升明显，费用率下降', 10)).toBe(
      '公司营收同比增长百…',
    );
    expect(shortenText('公司营收同比增长。毛利率提升明显，费用率下降。', 12)).toBe('公司营收同比增长。');
  });
});
