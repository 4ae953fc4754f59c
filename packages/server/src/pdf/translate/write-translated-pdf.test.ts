import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/pdf/test-corpus.js';
import { onePagePdf } from '../../../test/pdf/test-pdf.js';
import { extractBlocks } from './extract-blocks.js';
import { createMemoryCache, translatePdf } from './index.js';
import { fakeTranslator, HAS_HAN, inside, newItems, readItems } from './test-support.js';
import { writeTranslatedPdf } from './write-translated-pdf.js';

/** A one-page PDF with one line of 10 pt Helvetica per entry, 12 pt apart, from y = 700 down. */
function linesPdf(lines: readonly string[]): Uint8Array {
  const escape = (s: string) => s.replace(/[\\()]/g, '\\$&');
  const body = lines.map((line, i) => `1 0 0 1 72 ${700 - i * 12} Tm (${escape(line)}) Tj`).join(' ');
  return onePagePdf(`BT /F1 10 Tf ${body} ET`);
}

const PARAGRAPH = [
  'Net sales for the quarter increased 1.9 percent, to $52.60 billion, from $51.61',
  'billion last year. Net sales for the first 36 weeks increased 5.5 percent, to',
  '$160.28 billion, from $151.97 billion last year, the company said on Thursday.',
];

async function drawnItems(source: Uint8Array, output: Uint8Array) {
  const [before, after] = await Promise.all([readItems(source), readItems(output)]);
  return newItems(before[0]!, after[0]!);
}

describe('writeTranslatedPdf', () => {
  it('keeps the glossary terms verbatim in the drawn Chinese text', async () => {
    const source = linesPdf(['$4.5 billion, up 12% for AAPL']);
    const result = await translatePdf(source, {
      translateBatch: fakeTranslator().translateBatch,
      cache: createMemoryCache(),
    });
    expect(result.translatedBlocks).toBe(1);
    const text = (await drawnItems(source, result.bytes)).map((i) => i.str).join('');
    expect(text).toMatch(HAS_HAN);
    for (const term of ['$4.5', '12%', 'AAPL']) expect(text).toContain(term);
  });

  it('reduces the font size for a long translation and stays inside the box', async () => {
    const source = linesPdf(PARAGRAPH);
    const [page] = await extractBlocks(source);
    expect(page!.blocks).toHaveLength(1);
    const box = page!.blocks[0]!.box;
    const result = await translatePdf(source, {
      translateBatch: fakeTranslator(6).translateBatch,
      cache: createMemoryCache(),
    });
    expect(result.truncatedBlocks).toBe(0);
    const items = await drawnItems(source, result.bytes);
    expect(items.length).toBeGreaterThan(3);
    for (const item of items) {
      expect(item.size).toBeLessThan(10);
      expect(item.size).toBeGreaterThanOrEqual(4);
      expect(inside(item, box), JSON.stringify({ item, box })).toBe(true);
    }
  });

  it('never goes below the floor: truncates with an ellipsis inside the box', async () => {
    const source = linesPdf(PARAGRAPH);
    const [page] = await extractBlocks(source);
    const box = page!.blocks[0]!.box;
    const result = await translatePdf(source, {
      translateBatch: fakeTranslator(60).translateBatch,
      cache: createMemoryCache(),
      minFontSize: 5,
    });
    expect(result.truncatedBlocks).toBe(1);
    const items = await drawnItems(source, result.bytes);
    for (const item of items) {
      expect(item.size).toBeCloseTo(5, 5);
      expect(inside(item, box), JSON.stringify({ item, box })).toBe(true);
    }
    expect(items.at(-1)!.str.endsWith('…')).toBe(true);
  });

  it('keeps a block whose box cannot hold one line of the floor size as it was', async () => {
    const source = linesPdf(['Tiny']);
    const result = await writeTranslatedPdf(source, [
      { page: 1, box: { x: 72, y: 700, width: 40, height: 2 }, fontSize: 10, text: '小' },
    ]);
    expect(result.drawn[0]!.fit).toBeNull();
    expect((await drawnItems(source, result.bytes)).length).toBe(0);
  });

  it.each([
    ['pdfjs_bug900822.pdf', 'RC4 40-bit, revision 2'],
    ['qpdf_leading-junk.pdf', 'RC4 128-bit, revision 3'],
    ['pdfjs_issue7665.pdf', 'AES-256, revision 6'],
  ])('decrypts %s (%s, owner password only) and writes a plain PDF', async (name) => {
    const source = readCorpusFile('malformed', name);
    const result = await writeTranslatedPdf(source, []);
    expect(result.decrypted).toBe(true);
    const text = (pages: { str: string }[][]) => pages.map((p) => p.map((i) => i.str).join(' '));
    expect(text(await readItems(result.bytes))).toEqual(text(await readItems(source)));
    expect(Buffer.from(result.bytes).includes('/Encrypt')).toBe(false);
  });

  it.each([
    ['plumb_password-example.pdf', 'encrypted', /password/],
    ['pdfjs_secHandler.pdf', 'encrypted', /object streams/],
    ['plumb_empty_zero_bytes.pdf', 'unreadable', /could not be read/],
  ])('refuses %s clearly (%s)', async (name, code, message) => {
    const source = readCorpusFile('malformed', name);
    await expect(
      translatePdf(source, { translateBatch: fakeTranslator().translateBatch, cache: createMemoryCache() }),
    ).rejects.toMatchObject({ name: 'TranslatePdfError', code, message: expect.stringMatching(message) });
  });
});
