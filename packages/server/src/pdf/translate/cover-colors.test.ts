import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderDemoReport } from '../../demo/index.js';
import { ENGLISH_PLAN } from '../../../test/demo/test-plans.js';
import { textDocumentOptions } from '../pdfjs-paths.js';
import { readCorpusFile } from '../../../test/pdf/test-corpus.js';
import { extractBlocks, pagePaint } from './extract-blocks.js';
import { createMemoryCache, translatePdf } from './index.js';
import type { PagePaint } from './paint-types.js';
import { fakeTranslator } from './test-support.js';
import type { Box, Rgb } from './types.js';

/*
 * The translated PDF re-read with pdf.js: the cover drawn over a block that sits on a coloured band
 * is a rectangle on exactly the block's box, filled in the band's colour, and the Chinese drawn in
 * it is light.
 */

/** An English demo report of Northbridge Securities. */
const PLAN = ENGLISH_PLAN;

/** Northbridge Securities' brand colour (#0b3d91): the demo report's banner and table headers. */
const BRAND: Rgb = [0x0b / 255, 0x3d / 255, 0x91 / 255];

async function paintOf(bytes: Uint8Array, pageNumbers: number[]): Promise<Map<number, PagePaint>> {
  const doc = await getDocument({ ...textDocumentOptions, data: bytes.slice() }).promise;
  try {
    const out = new Map<number, PagePaint>();
    for (const n of pageNumbers) out.set(n, (await pagePaint(await doc.getPage(n)))!);
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The last fill painted exactly on the box (the cover), and the colour of the text drawn in it after. */
function coverOf(paint: PagePaint, box: Box) {
  const on = (a: number, b: number) => Math.abs(a - b) < 0.05;
  const cover = paint.fills.findLast(
    (f) => on(f.x0, box.x) && on(f.y0, box.y) && on(f.x1, box.x + box.width) && on(f.y1, box.y + box.height),
  );
  const text = paint.runs.filter(
    (r) => cover && r.op > cover.op && r.y > box.y && r.y < box.y + box.height && r.x0 >= box.x - 0.5,
  );
  return { cover, textColors: text.map((r) => r.color) };
}

const expectColor = (actual: Rgb | null | undefined, expected: Rgb) => {
  expect(actual).toBeTruthy();
  for (let i = 0; i < 3; i++) expect(actual![i]).toBeCloseTo(expected[i]!, 2);
};

async function translated(source: Uint8Array) {
  const result = await translatePdf(source, {
    translateBatch: fakeTranslator().translateBatch,
    cache: createMemoryCache(),
  });
  return result.bytes;
}

describe('covers in the colour the text sat on', () => {
  it('a demo report keeps its brand-coloured banner and table header, with light Chinese on them', async () => {
    const source = await renderDemoReport(PLAN);
    const pages = await extractBlocks(source);
    const find = (test: (text: string) => boolean) =>
      pages.flatMap((p) => p.blocks).find((b) => b.translate && test(b.text))!;
    const banner = find((text) => text === 'Northbridge Securities');
    const header = find((text) => text === 'Rating'); // a table header cell (peer table)
    // The longest paragraph of the first page: the body text under the key points box.
    const plain = pages[0]!.blocks.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    for (const block of [banner, header]) {
      expectColor(block.background, BRAND);
      expectColor(block.color, [1, 1, 1]);
    }

    const output = await translated(source);
    const paint = await paintOf(output, [...new Set([banner.page, header.page, plain.page])]);
    for (const block of [banner, header]) {
      const { cover, textColors } = coverOf(paint.get(block.page)!, block.box);
      expectColor(cover?.color, BRAND);
      expect(textColors.length).toBeGreaterThan(0);
      for (const color of textColors) expectColor(color, [1, 1, 1]);
    }
    const { cover, textColors } = coverOf(paint.get(plain.page)!, plain.box);
    expectColor(cover?.color, [1, 1, 1]);
    for (const color of textColors) expect(Math.max(...color!)).toBeLessThan(0.3);
  }, 60_000);

  it('the dark "NEWS RELEASE" band of a real earnings release stays dark', async () => {
    const source = readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf');
    const [first] = await extractBlocks(source);
    const band = first!.blocks.find((b) => b.text === 'NEWS RELEASE')!;
    const body = first!.blocks.find((b) => b.text.startsWith('Net sales for the quarter'))!;
    const paint = (await paintOf(await translated(source), [1])).get(1)!;

    const onBand = coverOf(paint, band.box);
    expect(Math.max(...onBand.cover!.color!)).toBeLessThan(0.3);
    expect(onBand.textColors.length).toBeGreaterThan(0);
    for (const color of onBand.textColors) expect(Math.min(...color!)).toBeGreaterThan(0.9);

    const onPage = coverOf(paint, body.box);
    expectColor(onPage.cover?.color, [1, 1, 1]);
  }, 60_000);
});
