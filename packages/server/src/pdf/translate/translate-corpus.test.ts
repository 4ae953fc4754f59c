import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/pdf/test-corpus.js';
import { extractBlocks } from './extract-blocks.js';
import { createMemoryCache, translatePdf } from './index.js';
import { fakeTranslator, HAS_HAN, inside, newItems, paintedImages, readItems } from './test-support.js';
import { translateBlocks } from './translate-blocks.js';
import { writeTranslatedPdf } from './write-translated-pdf.js';

/*
 * Real reports of the shared corpus through the whole pipeline with a deterministic fake model,
 * the output re-opened with pdf.js: same pages, Chinese on every page that had text to translate,
 * every drawn line inside the box of the text it replaces, every image still painted.
 */

interface Case {
  file: string;
  /** Pages whose painted images are compared (all when omitted). */
  imagePages?: number;
  check?(r: { blocks: number; translated: number; decrypted: boolean; imagesIn: number }): void;
}

const CASES: Case[] = [
  {
    file: 'fb_COSTCO_2023Q3_EARNINGS.pdf', // earnings release: prose, two tables, a vector logo
    check: (r) => expect(r.translated).toBeGreaterThan(60),
  },
  {
    file: 'fb_APPLE_2023Q3_10Q.pdf', // 10-Q with dense tables, RC4-encrypted with an owner password only
    imagePages: 3,
    check: (r) => {
      expect(r.decrypted).toBe(true);
      expect(r.translated).toBeGreaterThan(500);
      expect(r.imagesIn).toBe(1); // the logo on the cover
    },
  },
  {
    file: 'imf_gfsr_oct2025_ch1.pdf', // two columns, many charts
    imagePages: 8,
    check: (r) => {
      expect(r.translated).toBeGreaterThan(1000);
      expect(r.imagesIn).toBeGreaterThan(0);
    },
  },
  {
    file: 'cn_broker_note_tebon_688556_2022-07-19.pdf', // already Chinese: little or nothing to translate
    check: (r) => {
      expect(r.translated).toBeLessThan(r.blocks * 0.05);
      expect(r.imagesIn).toBe(4); // a chart or logo image on every page
    },
  },
];

describe('translating corpus reports', () => {
  it.each(CASES)(
    '$file keeps its pages and images, with the Chinese inside the original boxes',
    async ({ file, imagePages, check }) => {
      const source = readCorpusFile('reports', file);
      const pages = await extractBlocks(source);
      const fake = fakeTranslator();
      const { blocks } = await translateBlocks(pages, {
        translateBatch: fake.translateBatch,
        cache: createMemoryCache(),
      });
      const written = await writeTranslatedPdf(source, blocks);

      const [before, after] = await Promise.all([readItems(source), readItems(written.bytes)]);
      expect(after).toHaveLength(pages.length);
      expect(after).toHaveLength(before.length);

      const drawn = written.drawn.filter((d) => d.fit !== null);
      for (const [index, page] of pages.entries()) {
        const boxes = drawn.filter((d) => d.block.page === page.page).map((d) => d.block.box);
        const added = newItems(before[index]!, after[index]!);
        if (boxes.length > 0)
          expect(
            added.some((item) => HAS_HAN.test(item.str)),
            `page ${page.page}`,
          ).toBe(true);
        for (const item of added) {
          const home = boxes.some((box) => inside(item, box));
          expect(home, `page ${page.page}: ${JSON.stringify(item)} is outside every block`).toBe(true);
        }
      }
      // No text went to the model twice within one document.
      const sent = fake.batches.flat();
      expect(new Set(sent).size).toBe(sent.length);

      const limit = imagePages ?? pages.length;
      const [imagesIn, imagesOut] = await Promise.all([
        paintedImages(source, limit),
        paintedImages(written.bytes, limit),
      ]);
      expect(imagesOut.map((p) => p.images)).toEqual(imagesIn.map((p) => p.images));

      check?.({
        blocks: pages.reduce((sum, p) => sum + p.blocks.length, 0),
        translated: drawn.length,
        decrypted: written.decrypted,
        imagesIn: imagesIn.reduce((sum, p) => sum + p.images, 0),
      });
    },
    240_000,
  );

  it('translatePdf reports progress per page, the time of each stage, and answers a second run from the cache', async () => {
    const source = readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf');
    const cache = createMemoryCache();
    const first = fakeTranslator();
    const progress: string[] = [];
    const result = await translatePdf(source, {
      translateBatch: first.translateBatch,
      cache,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(result.pages).toBe(4);
    expect(progress).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(result.translatedBlocks).toBeGreaterThan(60);
    expect(result.blocks).toBeGreaterThan(result.translatedBlocks);
    expect(result.translation.translated).toBe(cache.size);
    // Whole milliseconds per stage; how many is the translation bench's figure, not a test's.
    expect(Object.keys(result.ms).sort()).toEqual(['extract', 'translate', 'write']);
    expect(Object.values(result.ms).filter((ms) => !Number.isInteger(ms))).toEqual([]);

    const second = fakeTranslator();
    const again = await translatePdf(source, { translateBatch: second.translateBatch, cache });
    expect(second.batches).toEqual([]);
    expect(again.translation.cached).toBe(result.translation.unique);
    expect(again.translatedBlocks).toBe(result.translatedBlocks);
  }, 120_000);
});
