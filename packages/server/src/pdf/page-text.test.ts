import { describe, expect, it } from 'vitest';
import { pageText, type PositionedText } from './page-text.js';

/** A horizontal text item of font size 10 at (x, y). */
const item = (str: string, x: number, y: number, hasEOL = false, size = 10): PositionedText => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  hasEOL,
});

describe('pageText', () => {
  it('joins the items of a baseline and breaks lines at end-of-line marks and baseline changes', () => {
    const text = pageText([
      item('Date of Report:', 72, 700),
      item(' ', 147, 700),
      item('May 3, 2023', 150, 700, true),
      item('PepsiCo, Inc.', 72, 688),
      item('(Exact name of registrant)', 72, 676),
    ]);
    expect(text).toBe('Date of Report: May 3, 2023\nPepsiCo, Inc.\n(Exact name of registrant)');
  });

  it('keeps superscripts on their line and adds a missing space at a visible gap', () => {
    expect(pageText([item('Revenue', 72, 700), item('1', 108, 703, false, 6), item('grew', 120, 700)])).toBe(
      'Revenue1 grew',
    );
  });

  it('does not put spaces between Chinese characters set apart by letter spacing', () => {
    expect(pageText([item('年度', 72, 700), item('报告', 84, 700), item('2019', 200, 700)])).toBe(
      '年度报告 2019',
    );
  });

  it('separates paragraphs by a blank line when the gap is larger than the usual line pitch', () => {
    const text = pageText([
      item('First paragraph, line one', 72, 700),
      item('line two', 72, 688),
      item('Second paragraph', 72, 652),
      item('continues', 72, 640),
    ]);
    expect(text).toBe('First paragraph, line one\nline two\n\nSecond paragraph\ncontinues');
  });

  it('does not cut up a double-spaced page', () => {
    const lines = ['one', 'two', 'three', 'four'].map((w, i) => item(w, 72, 700 - i * 24));
    expect(pageText(lines)).toBe('one\ntwo\nthree\nfour');
  });

  it('reads rotated text along its own baseline', () => {
    const up = (str: string, x: number, y: number): PositionedText => ({
      str,
      transform: [0, 10, -10, 0, x, y],
      width: str.length * 5,
      hasEOL: false,
    });
    expect(pageText([up('Rotated', 100, 100), up('label', 100, 140), up('next line', 112, 100)])).toBe(
      'Rotated label\nnext line',
    );
  });

  it('returns nothing for a page without text', () => {
    expect(pageText([])).toBe('');
    expect(pageText([{ str: '', transform: [1, 0, 0, 1, 0, 0], width: 0, hasEOL: true }])).toBe('');
  });
});
