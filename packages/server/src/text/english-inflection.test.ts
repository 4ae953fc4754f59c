import { describe, expect, it } from 'vitest';
import { singularKey, singularOf } from './english-inflection.js';

describe('singularOf', () => {
  it.each([
    ['rates', 'rate'],
    ['rate', 'rate'],
    ['prices', 'price'],
    ['companies', 'company'],
    ['company', 'company'],
    ['economies', 'economy'],
    ['taxes', 'tax'],
    ['indexes', 'index'],
    ['indices', 'index'],
    ['crises', 'crisis'],
    ['matches', 'match'],
    ['businesses', 'business'],
    ['rises', 'rise'],
    ['bonds', 'bond'],
    ['fees', 'fee'],
    ['ties', 'tie'],
    ['Rates', 'rate'],
    ["company's", 'company'],
    ["companies'", 'company'],
    ['company’s', 'company'],
  ])('%s → %s', (word, base) => expect(singularOf(word)).toBe(base));

  it.each([
    'status',
    'basis',
    'analysis',
    'gross',
    'economics',
    'news',
    'series',
    'gas',
    'bias',
    'earnings',
    'sales',
  ])('leaves %s as it is', (word) => expect(singularOf(word)).toBe(word));

  it('does not fold -ing and -ed forms, which are finance terms of their own', () => {
    expect(singularOf('rating')).toBe('rating');
    expect(singularOf('pricing')).toBe('pricing');
    expect(singularOf('rising')).toBe('rising');
  });

  it('gives both numbers of a term one key', () => {
    expect(singularKey(['exchange', 'rates'])).toBe(singularKey(['exchange', 'rate']));
    expect(singularKey(['interest', 'rates'])).toBe('interest rate');
  });
});
