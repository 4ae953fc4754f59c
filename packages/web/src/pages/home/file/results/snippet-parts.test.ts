import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet-parts';

describe('snippet parts', () => {
  it('splits marked matches from plain text and decodes entities', () => {
    expect(
      snippetParts('Rates &amp; <mark>inflation</mark> in the &lt;US&gt; &#8212; <mark>2025</mark>'),
    ).toEqual([
      { text: 'Rates & ', marked: false },
      { text: 'inflation', marked: true },
      { text: ' in the <US> \u2014 ', marked: false },
      { text: '2025', marked: true },
    ]);
  });

  it('drops any other tag so nothing is rendered as HTML', () => {
    expect(snippetParts('<img src=x onerror=alert(1)>safe <b>bold</b>')).toEqual([
      { text: 'safe bold', marked: false },
    ]);
  });

  it('handles Chinese text and empty snippets', () => {
    expect(snippetParts('美联储<mark>降息</mark>预期')).toEqual([
      { text: '美联储', marked: false },
      { text: '降息', marked: true },
      { text: '预期', marked: false },
    ]);
    expect(snippetParts('')).toEqual([]);
  });

  it('joins matches that touch into one run, so Chinese words show without a gap', () => {
    expect(snippetParts('储能：<mark>新</mark><mark>能源</mark>的增长')).toEqual([
      { text: '储能：', marked: false },
      { text: '新能源', marked: true },
      { text: '的增长', marked: false },
    ]);
    expect(snippetParts('<mark>real</mark> <mark>rates</mark>')).toEqual([
      { text: 'real', marked: true },
      { text: ' ', marked: false },
      { text: 'rates', marked: true },
    ]);
    expect(snippetParts('a<b>b</b>c')).toEqual([{ text: 'abc', marked: false }]);
  });
});
