import { describe, expect, it } from 'vitest';
import { fitText, LINE_ASCENT, LINE_DESCENT, LINE_PITCH, wrapText } from './fit-text.js';

/** A monospace measure: CJK characters 1 em, everything else 0.5 em (at size 1). */
const measure = (text: string) =>
  Array.from(text).reduce((sum, c) => sum + (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 1 : 0.5), 0);

const heightOf = (lines: number, size: number) =>
  size * (LINE_ASCENT + LINE_DESCENT + LINE_PITCH * (lines - 1));

describe('wrapText', () => {
  it('breaks Chinese between any two characters and Latin text at spaces', () => {
    expect(wrapText('一二三四五六七', 3, measure)).toEqual(['一二三', '四五六', '七']);
    expect(wrapText('net sales rose', 4, measure)).toEqual(['net', 'sales', 'rose']);
    expect(wrapText('收入$52.60 billion', 6, measure)).toEqual(['收入$52.60', 'billion']);
  });

  it('keeps closing punctuation off the start of a line', () => {
    expect(wrapText('一二三，四', 3, measure)).toEqual(['一二', '三，四']);
  });

  it('cuts a word longer than the line', () => {
    expect(wrapText('abcdefgh', 2, measure)).toEqual(['abcd', 'efgh']);
  });
});

describe('fitText', () => {
  const box = { width: 100, height: heightOf(3, 10) };

  it('keeps the original size when the text fits', () => {
    const fit = fitText('一二三四五六七八九十', box, measure, { startSize: 10 });
    expect(fit).toMatchObject({ size: 10, lines: ['一二三四五六七八九十'], truncated: false });
  });

  it('steps the size down until the lines fit the box height', () => {
    const text = '一'.repeat(60); // 6 lines of 10 at size 10, the box holds 3
    const fit = fitText(text, box, measure, { startSize: 10 })!;
    expect(fit.size).toBeLessThan(10);
    expect(fit.size).toBeGreaterThanOrEqual(4);
    expect(fit.truncated).toBe(false);
    expect(fit.lines.join('')).toBe(text);
    expect(heightOf(fit.lines.length, fit.size)).toBeLessThanOrEqual(box.height + 1e-9);
    for (const line of fit.lines) expect(measure(line) * fit.size).toBeLessThanOrEqual(box.width + 1e-9);
  });

  it('truncates with an ellipsis at the floor and never goes below it', () => {
    const fit = fitText('一'.repeat(2000), box, measure, { startSize: 10, minSize: 4 })!;
    expect(fit.size).toBe(4);
    expect(fit.truncated).toBe(true);
    expect(fit.lines.at(-1)!.endsWith('…')).toBe(true);
    expect(heightOf(fit.lines.length, fit.size)).toBeLessThanOrEqual(box.height + 1e-9);
    for (const line of fit.lines) expect(measure(line) * fit.size).toBeLessThanOrEqual(box.width + 1e-9);
  });

  it('keeps text that was smaller than the floor at its own size', () => {
    const fit = fitText('一二三', { width: 100, height: heightOf(1, 3) }, measure, { startSize: 3 });
    expect(fit?.size).toBe(3);
  });

  it('gives up when not even one line of the floor size fits', () => {
    expect(fitText('一二三', { width: 100, height: 3 }, measure, { startSize: 10 })).toBeNull();
    expect(fitText('一二三', { width: 1, height: 30 }, measure, { startSize: 10 })).toBeNull();
  });
});
