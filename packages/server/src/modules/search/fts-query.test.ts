import { describe, expect, it } from 'vitest';
import { parseQuery } from './fts-query.js';
import { toMatchExpression } from './sqlite-search.js';
import { segmentText, unsegmentText } from './segment.js';

describe('toMatchExpression', () => {
  const m = (k: string, titleOnly = false) => toMatchExpression(parseQuery(k), { titleOnly });

  it('is null when nothing searchable was typed', () => {
    expect(m('')).toBeNull();
    expect(m('   ')).toBeNull();
    expect(m('"*()')).toBeNull();
  });
  it('ANDs quoted terms and makes the last one a prefix', () => {
    expect(m('Inflation outlook')).toBe('"inflation" AND "outlook" *');
    expect(m('inflation outlook ')).toBe('"inflation" AND "outlook"');
  });
  it('turns punctuated terms into phrases', () => {
    expect(m('S&P500 rally')).toBe('"s p500" AND "rally" *');
  });
  it('segments Chinese into a phrase of words, with no prefix on Han', () => {
    // ICU splits it into 新|能源|汽车: one quoted phrase, so the words must stand together.
    expect(m('新能源汽车')).toBe('"新 能源 汽车"');
  });
  it('restricts to the title column when asked', () => {
    expect(m('yield', true)).toBe('title : ("yield" *)');
  });
  it('neutralises FTS5 syntax', () => {
    expect(m('a" OR title:b NEAR(c')).toBe('"a" AND "or" AND "title b" AND "near c" *');
  });
});

describe('segmentText', () => {
  it('leaves text without Han untouched', () => {
    expect(segmentText('Rates & FX, 2024')).toBe('Rates & FX, 2024');
  });
  it('splits Chinese words and round-trips for display', () => {
    const seg = segmentText('新能源汽车销量增长，A股上涨');
    expect(seg.split(/\s+/).filter(Boolean).length).toBeGreaterThan(4);
    expect(unsegmentText(seg).replace(/\s+/g, '')).toBe('新能源汽车销量增长，A股上涨');
    expect(unsegmentText(seg)).toContain('新能源汽车销量增长，');
  });
});

describe('unsegmentText', () => {
  it('joins digits to the Chinese around them, as the text was written', () => {
    expect(unsegmentText(segmentText('2026年2月16日发布'))).toBe('2026年2月16日发布');
  });
});
