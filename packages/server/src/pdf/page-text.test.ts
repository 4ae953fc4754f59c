import { describe, expect, it } from 'vitest';
import { joinLines, pageLines, pageText, type PositionedText } from './page-text.js';

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

  it("reads a symbol font's list bullet as a bullet, not as the letter its glyph is coded as", () => {
    const set = (font: string, it: PositionedText): PositionedText => ({ ...it, fontName: font });
    const text = pageText([
      set('symbols', item('g', 72, 700)),
      set('body', item('We assume the reversal stays in place.', 79, 700, true)),
      set('symbols', item('u', 72, 688)),
      set('body', item(' ', 77, 688)),
      set('body', item('Nvidia’s GPUs lead.', 80, 688, true)),
      // A letter of the text's own font, and a lone letter before lower case, stay letters.
      set('body', item('a', 72, 676)),
      set('body', item('Second line.', 80, 676, true)),
      set('math', item('x', 72, 664)),
      set('body', item('的平均值', 79, 664, true)),
    ]);
    expect(text).toBe(
      '• We assume the reversal stays in place.\n• Nvidia’s GPUs lead.\na Second line.\nx的平均值',
    );
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

  it('reads text drawn several times over in place (fake bold) once', () => {
    // Four draws a quarter point apart, as some producers make headings bold.
    const heading = [0, 0.24].flatMap((dx) =>
      [0, 0.24].map((dy) => item('INVESTMENT THESIS', 36 + dx, 511 + dy)),
    );
    expect(pageText([...heading, item('For HOLD-rated UnitedHealth', 48, 498, true)])).toBe(
      'INVESTMENT THESIS\nFor HOLD-rated UnitedHealth',
    );
  });

  it('reads glyphs drawn one by one several times over once, where pdf.js merges a draw into the next glyph', () => {
    // "Te" is the last draw of T and the first of e: what pdf.js reports for a glyph-by-glyph bold.
    const glyphs = [
      item('T', 100, 700),
      item('T', 100.16, 700),
      item('Te', 100.16, 700.3),
      item('e', 105.2, 700),
      item('es', 105.16, 700.3),
      item('s', 110.2, 700),
      item('st', 110.16, 700.3),
      item('t', 115.2, 700),
    ];
    // The widths of the test items are 5 per character, so each glyph is 5 wide.
    expect(pageText(glyphs)).toBe('Test');
  });

  it('keeps a word repeated at another place, however close in the text', () => {
    expect(pageText([item('11', 100, 700), item('11', 120, 700), item('11', 100, 688)])).toBe('11 11\n11');
    // Two narrow glyphs side by side are not a redraw of one another.
    expect(pageText([item('l', 100, 700), item('l', 102.6, 700)])).toBe('ll');
  });

  it('puts a space where the text jumps back along the line (a table drawn right to left)', () => {
    expect(
      pageText([item('37,499.96', 500, 700), item('DISTRICT DIRECTOR', 300, 700), item('BAIN, J', 72, 700)]),
    ).toBe('37,499.96 DISTRICT DIRECTOR BAIN, J');
  });

  it('joins a word hyphenated at the end of a line, in the text only', () => {
    const lines = pageLines([
      item('the eco-', 72, 700, true),
      item('nomy grows; a well-', 72, 688, true),
      item('Known name, COVID-', 72, 676, true),
      item('19 cases', 72, 664),
    ]);
    expect(joinLines(lines)).toBe('the economy\ngrows; a well-\nKnown name, COVID-\n19 cases');
    expect(lines.map((l) => l.text)).toEqual([
      'the eco-',
      'nomy grows; a well-',
      'Known name, COVID-',
      '19 cases',
    ]);
  });

  it('does not join a hyphen across a paragraph break', () => {
    expect(pageText([item('the eco-', 72, 700), item('nomy', 72, 640)])).toBe('the eco-\n\nnomy');
    expect(pageText([item('see page 4-', 72, 700), item('below', 72, 640)])).toBe('see page 4-\n\nbelow');
  });

  it('returns nothing for a page without text', () => {
    expect(pageText([])).toBe('');
    expect(pageText([{ str: '', transform: [1, 0, 0, 1, 0, 0], width: 0, hasEOL: true }])).toBe('');
  });
});
