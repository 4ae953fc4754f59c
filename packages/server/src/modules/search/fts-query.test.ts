import { describe, expect, it } from 'vitest';
import { parseQuery } from './fts-query.js';
import { toMatchExpression } from './sqlite-search.js';
import { segmentText, unsegmentText } from '../../text/segment.js';

describe('toMatchExpression', () => {
  const m = (k: string, titleOnly = false) => toMatchExpression(parseQuery(k), titleOnly ? 'title' : 'all');

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
    expect(m('a OR title:b NEAR(cap*')).toBe('"a" AND "or" AND "title b" AND "near cap" *');
    // An unclosed quote runs to the end: one phrase, its syntax words included.
    expect(m('a" OR title:b NEAR(c')).toBe('"a" AND "or title b near c"');
  });
  it('searches a quoted phrase as its words in order, never as a prefix', () => {
    expect(m('"real rates"')).toBe('"real rates"');
    expect(m('EM "real rates" protect')).toBe('"em" AND "real rates" AND "protect" *');
    expect(m('“real rates” “inflation”')).toBe('"real rates" AND "inflation"');
    expect(m('「新能源」汽车')).toBe('"新 能源" AND "汽车"');
    expect(m('"" inflation')).toBe('"inflation" *');
  });
  it('makes no prefix of a last word shorter than three letters', () => {
    expect(m('a')).toBe('"a"');
    expect(m('US')).toBe('"us"');
    expect(m('inflation us')).toBe('"inflation" AND "us"');
    expect(m('usd')).toBe('"usd" *');
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
