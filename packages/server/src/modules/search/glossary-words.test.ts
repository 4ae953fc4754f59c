import { describe, expect, it } from 'vitest';
import { loadBuiltinGlossary } from '../glossary/builtin-glossary.js';
import { createGlossaryIndex } from './cross-lingual.js';
import { parseQuery } from './fts-query.js';
import { splitAtGlossaryTerms } from './glossary-words.js';

const glossary = createGlossaryIndex(loadBuiltinGlossary());
const split = (keyword: string) =>
  splitAtGlossaryTerms(parseQuery(keyword), glossary).terms.map((t) => t.tokens.join(''));

describe('a Chinese run cut at the glossary terms', () => {
  it('makes each glossary term a word of its own, longest first', () => {
    expect(split('半导体国产替代')).toEqual(['半导体', '国产替代']);
    expect(split('提高产能利用率')).toEqual(['提高', '产能利用率']);
    expect(split('信用债违约')).toEqual(['信用债', '违约']);
  });

  it('finds the terms in traditional script too (the query is folded to simplified)', () => {
    expect(split('半導體國產替代')).toEqual(['半导体', '国产替代']);
  });

  it('leaves a run that is one term, has no term, or is quoted as one phrase', () => {
    expect(split('产能利用率')).toEqual(['产能利用率']);
    expect(split('今天天气很好')).toEqual(['今天天气很好']);
    expect(split('"半导体国产替代"')).toEqual(['半导体国产替代']);
    expect(splitAtGlossaryTerms(parseQuery('产能利用率'), glossary).terms[0]!.tokens.length).toBeGreaterThan(
      1,
    );
  });

  it('leaves English words and separately typed terms as they are', () => {
    expect(split('interest rate swap')).toEqual(['interest', 'rate', 'swap']);
    expect(split('半导体 outlook')).toEqual(['半导体', 'outlook']);
  });
});
