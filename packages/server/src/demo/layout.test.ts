import { describe, expect, it } from 'vitest';
import { fitOneLine, wrapText } from './layout.js';

/** Every character one unit wide, CJK ideographs and full-width punctuation two. */
const measure = (text: string): number =>
  [...text].reduce((sum, char) => sum + (/[\p{Script=Han}，。、；：（）]/u.test(char) ? 2 : 1), 0);

describe('wrapText', () => {
  it('breaks English at spaces without losing or splitting words', () => {
    const text =
      'The yield curve has steepened by 25bp since the start of the year as front-end yields fell.';
    const lines = wrapText(text, 30, measure, 'en');
    expect(lines.join(' ')).toBe(text);
    expect(lines.every((line) => measure(line) <= 30)).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
  });

  it('breaks Chinese between characters, keeps Latin words and numbers whole', () => {
    const text =
      '我们预计2025年GDP增长5.2%，略高于市场一致预期。AI算力需求持续旺盛，半导体行业景气度明显回升。';
    const lines = wrapText(text, 20, measure, 'zh');
    expect(lines.join('')).toBe(text);
    expect(lines.some((line) => line.includes('5.2%'))).toBe(true);
    expect(lines.every((line) => !/^[，。、；：）%]/.test(line))).toBe(true);
    // Only closing punctuation may hang past the width.
    expect(lines.every((line) => measure(line.replace(/[，。、；：）]$/, '')) <= 20)).toBe(true);
  });

  it('cuts a line with an ellipsis only when it is too long', () => {
    expect(fitOneLine('short', 10, measure)).toBe('short');
    expect(fitOneLine('a much longer title', 10, measure)).toBe('a much...');
  });
});
