import { describe, expect, it } from 'vitest';
import { parseQuery } from './fts-query.js';
import { toTsquery } from './postgres-search.js';
import { tsvectorLiteral } from './tsvector.js';

describe('toTsquery', () => {
  const q = (k: string, titleOnly = false) => toTsquery(parseQuery(k), titleOnly ? 'title' : 'all');

  it('is null when nothing searchable was typed', () => {
    expect(q('')).toBeNull();
    expect(q('"*()')).toBeNull();
  });
  it('ANDs quoted lexemes and makes the last one a prefix', () => {
    expect(q('Inflation outlook')).toBe("'inflation' & 'outlook':*");
    expect(q('inflation outlook ')).toBe("'inflation' & 'outlook'");
  });
  it('turns punctuated terms and Chinese words into phrases', () => {
    expect(q('S&P500 rally')).toBe("('s' <-> 'p500') & 'rally':*");
    expect(q('新能源汽车')).toBe("('新' <-> '能源' <-> '汽车')");
  });
  it('restricts every lexeme to the title weight when asked', () => {
    expect(q('yield', true)).toBe("'yield':*A");
    expect(q('新能源汽车 ', true)).toBe("('新':A <-> '能源':A <-> '汽车':A)");
  });
  it('takes tsquery syntax literally', () => {
    expect(q("a & !b | c:* <-> 'd'")).toBe("'a' & 'b' & 'c' & 'd'");
    expect(q("a & !b | c:* <-> 'dd:*abc")).toBe("'a' & 'b' & 'c' & ('dd' <-> 'abc':*)");
  });
  it('searches quoted phrases and restricts the head scope to title and metadata', () => {
    expect(q('"real rates" EM')).toBe("('real' <-> 'rates') & 'em'");
    expect(toTsquery(parseQuery('yield curve '), 'head')).toBe("'yield':AB & 'curve':AB");
  });
});

describe('tsvectorLiteral', () => {
  it('weights title A, metadata B, body C, folds like FTS5 and keeps positions for phrases', () => {
    expect(tsvectorLiteral({ title: 'Café Rates', meta: 'Harbor', body: 'rates rise' })).toBe(
      "'cafe':1A 'rates':2A,8C 'harbor':5B 'rise':9C",
    );
  });
  it('indexes the segmented Chinese words as stored; punctuation never reaches the literal', () => {
    expect(tsvectorLiteral({ title: '新 能源 汽车', meta: '', body: "it's" })).toBe(
      "'新':1A '能源':2A '汽车':3A 'it':8C 's':9C",
    );
  });
});
