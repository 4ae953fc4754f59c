import { describe, expect, it } from 'vitest';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import { parseQuery } from '../modules/search/fts-query.js';
import { foldHan } from '@rl/contract/han-fold';
import { foldText } from '@rl/contract/text-fold';
import { foldCompatibility } from './match-patterns.js';
import { segmentText, tokenize } from './segment.js';
import { snippetHtml, titleHtml } from '../modules/search/snippet.js';

const SIMPLIFIED = '本周利率债市场与证券公司的观点：维持增持评级，发展与改革委员会后来表示。';
const TRADITIONAL = '本週利率債市場與證券公司的觀點：維持增持評級，發展與改革委員會後來表示。';

describe('foldHan', () => {
  it('folds traditional characters to simplified, one for one', () => {
    expect(foldHan('證券')).toBe('证券');
    expect(foldHan('利率債')).toBe('利率债');
    expect(foldHan(TRADITIONAL)).toBe(SIMPLIFIED);
    expect(foldHan(TRADITIONAL)).toHaveLength(TRADITIONAL.length);
  });

  it('folds the Hong Kong and Taiwan variants too', () => {
    expect(foldHan('為')).toBe('为');
    expect(foldHan('裡面')).toBe('里面');
    expect(foldHan('衞生')).toBe('卫生');
  });

  it('leaves simplified text, Latin text and variants that are simplified as they are', () => {
    expect(foldHan(SIMPLIFIED)).toBe(SIMPLIFIED);
    expect(foldHan('CPI 2.5% ｙｏｙ, café')).toBe('CPI 2.5% ｙｏｙ, café');
    expect(foldHan('什么')).toBe('什么');
    expect(foldHan('刚才')).toBe('刚才');
  });

  it('keeps offsets and folds every character of the table to a fixed point', () => {
    const characters = TSCharacters.split('|').map((entry) => entry.split(' ')[0] ?? '');
    expect(characters.length).toBeGreaterThan(3000);
    const unstable = characters.filter((c) => {
      const once = foldHan(c);
      return once.length !== c.length || foldHan(once) !== once;
    });
    expect(unstable).toEqual([]);
    expect(characters.filter((c) => foldHan(c) !== c).length).toBeGreaterThan(2500);
  });
});

describe('index and query fold alike', () => {
  it('makes the tokens of both scripts the same', () => {
    expect(tokenize(TRADITIONAL)).toEqual(tokenize(SIMPLIFIED));
    expect(parseQuery('證券 利率債')).toEqual(parseQuery('证券 利率债'));
    expect(foldText('證券')).toBe(foldText('证券'));
  });

  it('keeps the printed script in the shown text, and indexes either script the same', () => {
    const shown = foldCompatibility(segmentText(TRADITIONAL));
    expect(shown).toBe(segmentText(TRADITIONAL));
    expect(foldHan(shown)).toBe(foldHan(foldCompatibility(segmentText(SIMPLIFIED))));
  });

  it('segments traditional text where its simplified form splits, keeping the characters written', () => {
    const traditional = segmentText(TRADITIONAL);
    expect(foldHan(traditional)).toBe(segmentText(SIMPLIFIED));
    expect(traditional.replace(/ /g, '')).toBe(TRADITIONAL);
  });
});

describe('highlights across scripts', () => {
  it('mark the characters of a title as written, whichever script the query is in', () => {
    expect(titleHtml('證券公司利率債週報', parseQuery('证券 利率债'))).toBe(
      '<mark>證券</mark>公司<mark>利率債</mark>週報',
    );
    expect(titleHtml('证券公司利率债周报', parseQuery('證券 利率債'))).toBe(
      '<mark>证券</mark>公司<mark>利率债</mark>周报',
    );
    expect(titleHtml('證券公司週報', parseQuery('利率债'))).toBe('');
  });

  it('mark the words of a snippet for a query in the other script', () => {
    expect(snippetHtml(segmentText(SIMPLIFIED), parseQuery('利率債'))).toContain(
      '本周<mark>利率债</mark>市场与证券公司',
    );
    expect(snippetHtml(segmentText(TRADITIONAL), parseQuery('证券'))).toContain(
      '市場與<mark>證券</mark>公司',
    );
  });
});
