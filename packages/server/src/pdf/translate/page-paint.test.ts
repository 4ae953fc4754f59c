import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { onePagePdf } from '../../../test/pdf/test-pdf.js';
import { extractBlocks } from './extract-blocks.js';
import { blockColors, contrast, readableOn } from './block-colors.js';
import type { PagePaint } from './paint-types.js';
import type { Rgb, TextBlock } from './types.js';

const DARK_RED = rgb(0.55, 0.06, 0.1);

/** A pdf-lib page: a dark red band with white text on it, and black text on the white page below. */
async function bandPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawRectangle({ x: 60, y: 690, width: 480, height: 30, color: DARK_RED });
  page.drawText('Revenue by business segment', { x: 72, y: 700, size: 12, font, color: rgb(1, 1, 1) });
  page.drawText('Net sales rose in every region this quarter.', {
    x: 72,
    y: 600,
    size: 12,
    font,
    color: rgb(0, 0, 0),
  });
  return doc.save();
}

async function blocksOf(bytes: Uint8Array): Promise<TextBlock[]> {
  const [page] = await extractBlocks(bytes);
  return page!.blocks;
}

const near = (actual: Rgb | undefined, expected: Rgb) => {
  expect(actual).toBeDefined();
  for (let i = 0; i < 3; i++) expect(actual![i]).toBeCloseTo(expected[i]!, 2);
};
const RED: Rgb = [DARK_RED.red, DARK_RED.green, DARK_RED.blue];
const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];

/** A block's colours in a raw one-page PDF (Helvetica 10 pt as /F1). */
async function colorsIn(content: string): Promise<{ text: string; background?: Rgb; color?: Rgb }[]> {
  return (await blocksOf(onePagePdf(content))).map(({ text, background, color }) => ({
    text,
    background,
    color,
  }));
}

describe('block colours from the operator list', () => {
  it('finds the dark red band under the white text, and the white page under the black text', async () => {
    const [onBand, onPage] = await blocksOf(await bandPdf());
    expect(onBand!.text).toBe('Revenue by business segment');
    near(onBand!.background, RED);
    near(onBand!.color, WHITE);
    expect(onPage!.text).toMatch(/^Net sales/);
    near(onPage!.background, WHITE);
    near(onPage!.color, BLACK);
  });

  it('converts CMYK and grey fills, and keeps a coloured heading its colour', async () => {
    const [cmyk, gray] = await colorsIn(
      '0 0 0 0.9 k 60 690 300 30 re f 0.85 g 60 590 300 30 re f ' +
        'BT /F1 10 Tf 1 1 1 rg 72 700 Td (Segment results) Tj ET ' +
        'BT /F1 10 Tf 0 0 0.6 rg 72 600 Td (Operating income) Tj ET',
    );
    expect(cmyk!.background![0]).toBeLessThan(0.3); // near black
    near(cmyk!.color, WHITE);
    near(gray!.background, [0.85, 0.85, 0.85]);
    near(gray!.color, [0, 0, 0.6]);
  });

  it('follows the transformation matrix, save and restore, and a form-like nesting of cm', async () => {
    const [block] = await colorsIn(
      'q 2 0 0 2 0 0 cm q 0 0.5 0 rg 30 345 150 15 re f Q Q ' +
        'BT /F1 10 Tf 1 1 1 rg 72 700 Td (Green band label) Tj ET',
    );
    near(block!.background, [0, 0.5, 0]);
  });

  it('ignores fills painted over the text, thin rules and shapes far from a box', async () => {
    const blocks = await colorsIn(
      '0 0 1 rg 60 697 300 0.8 re f ' + // a rule under the baseline
        'BT /F1 10 Tf 0 0 0 rg 72 700 Td (Text before its highlight) Tj ET ' +
        '1 0 0 rg 60 695 300 20 re f ' + // painted after the text: not what it sits on
        '0 1 0 rg 60 100 m 300 100 l 180 200 l f', // a triangle elsewhere
    );
    near(blocks[0]!.background, WHITE);
    near(blocks[0]!.color, BLACK);
  });

  it('leaves the hole of a frame white, and a stroked-only rectangle is no fill', async () => {
    const [inFrame, inStroke] = await colorsIn(
      '0.2 0.2 0.5 rg 50 680 400 50 re 55 685 390 40 re f* ' +
        '0 0 1 RG 50 580 400 50 re S ' +
        'BT /F1 10 Tf 0 0 0 rg 72 700 Td (Inside the frame) Tj ET ' +
        'BT /F1 10 Tf 0 0 0 rg 72 600 Td (Inside the outline) Tj ET',
    );
    near(inFrame!.background, WHITE);
    near(inStroke!.background, WHITE);
  });

  it('tells cells of one row apart when a TJ advances across them', async () => {
    // One text object: the first cell on a dark band, then a jump right onto a pale one.
    const blocks = await colorsIn(
      '0.1 0.1 0.3 rg 60 690 200 30 re f 0.9 0.9 1 rg 300 690 200 30 re f ' +
        'BT /F1 10 Tf 1 1 1 rg 72 700 Td (Dark cell) Tj 0 0 0 rg [(  ) -20000 (Pale cell)] TJ ET',
    );
    const dark = blocks.find((b) => b.text === 'Dark cell')!;
    const pale = blocks.find((b) => b.text === 'Pale cell')!;
    near(dark.background, [0.1, 0.1, 0.3]);
    near(dark.color, WHITE);
    near(pale.background, [0.9, 0.9, 1]);
    near(pale.color, BLACK);
  });

  it('composes a half-transparent fill over what lies under it', () => {
    const paint: PagePaint = {
      fills: [
        { x0: 0, y0: 0, x1: 100, y1: 100, color: [0, 0, 1], alpha: 1, op: 0 },
        { x0: 0, y0: 0, x1: 100, y1: 100, color: [1, 1, 1], alpha: 0.5, op: 1 },
      ],
      runs: [{ x0: 10, x1: 50, y: 15, color: [0, 0, 0], op: 2 }],
    };
    const colors = blockColors(paint, { x: 10, y: 10, width: 40, height: 12 });
    near(colors.background, [0.5, 0.5, 1]);
    near(colors.text, BLACK);
  });

  it('an image under the text keeps the cover white, and text that would not read gets black or white', () => {
    const paint: PagePaint = {
      fills: [
        { x0: 0, y0: 0, x1: 100, y1: 100, color: [0.1, 0.1, 0.1], alpha: 1, op: 0 },
        { x0: 0, y0: 0, x1: 100, y1: 100, color: null, alpha: 1, op: 1 },
      ],
      runs: [{ x0: 10, x1: 50, y: 15, color: [1, 1, 1], op: 2 }],
    };
    const colors = blockColors(paint, { x: 10, y: 10, width: 40, height: 12 });
    near(colors.background, WHITE);
    near(colors.original!, WHITE);
    near(colors.text, BLACK);
    expect(readableOn([0.55, 0.06, 0.1])).toEqual(WHITE);
    expect(readableOn([0.93, 0.6, 0.13])).toEqual(BLACK);
    expect(contrast(BLACK, WHITE)).toBeCloseTo(21, 5);
  });
});
