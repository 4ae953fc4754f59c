import { describe, expect, it } from 'vitest';
import { fakeTranslator } from './test-support.js';
import { createMemoryCache, makeBatches, translateBlocks, translateTexts } from './translate-blocks.js';
import type { PageBlocks, TextBlock } from './types.js';

const block = (page: number, text: string, translate = true): TextBlock => ({
  page,
  box: { x: 0, y: 0, width: 100, height: 10 },
  fontSize: 10,
  text,
  lines: 1,
  translate,
});

describe('makeBatches', () => {
  it('bounds batches by characters and by count, in order', () => {
    const items = ['aaaa', 'bbbb', 'cc', 'dddddddddd', 'e'].map((text) => ({ text }));
    expect(makeBatches(items, 8, 10).map((b) => b.map((i) => i.text))).toEqual([
      ['aaaa', 'bbbb'],
      ['cc'],
      ['dddddddddd'],
      ['e'],
    ]);
    expect(makeBatches(items, 100, 2).map((b) => b.length)).toEqual([2, 2, 1]);
  });
});

describe('translateTexts', () => {
  it('sends each distinct text once, protected by the glossary, and restores the terms', async () => {
    const fake = fakeTranslator();
    const texts = ['$4.5 billion, up 12% for AAPL', 'Net sales', 'Net sales', 'Basic'];
    const { translations, stats } = await translateTexts(texts, {
      translateBatch: fake.translateBatch,
      cache: createMemoryCache(),
    });
    expect(fake.batches).toEqual([['⟦0⟧, up ⟦1⟧ for ⟦2⟧', 'Net sales', 'Basic']]);
    expect(translations[0]).toMatch(/^\$4\.5 billion, \p{Script=Han}+ 12% \p{Script=Han}+ AAPL$/u);
    expect(translations[1]).toBe(translations[2]);
    expect(translations.every((t) => /\p{Script=Han}/u.test(t))).toBe(true);
    expect(stats).toEqual({ unique: 3, cached: 0, translated: 3, sent: 3, batches: 1, missingTerms: 0 });
  });

  it('sends texts that differ only in their glossary terms once', async () => {
    const fake = fakeTranslator();
    const { translations, stats } = await translateTexts(['Net sales 2023', 'Net sales 2022'], {
      translateBatch: fake.translateBatch,
      cache: createMemoryCache(),
    });
    expect(fake.batches).toEqual([['Net sales ⟦0⟧']]);
    expect(translations[0]!.replace('2023', '2022')).toBe(translations[1]);
    expect(stats).toMatchObject({ translated: 2, sent: 1 });
  });

  it('answers repeated texts from the cache without calling the model again', async () => {
    const cache = createMemoryCache();
    const first = fakeTranslator();
    await translateTexts(['Net sales', 'Total revenue'], { translateBatch: first.translateBatch, cache });
    const second = fakeTranslator();
    const { translations, stats } = await translateTexts(['Total revenue', 'Net sales', 'Membership fees'], {
      translateBatch: second.translateBatch,
      cache,
    });
    expect(second.batches).toEqual([['Membership fees']]);
    expect(stats).toMatchObject({ cached: 2, translated: 1 });
    expect(translations[0]).toBe(await cache.get('Total revenue'));
    expect(cache.size).toBe(3);
  });

  it('uses the bulk forms of a cache that has them: one look-up, one write per batch', async () => {
    const store = createMemoryCache();
    await store.set('Revenue', '收入');
    const calls: string[] = [];
    const cache = {
      get: () => Promise.reject(new Error('get one by one')),
      set: () => Promise.reject(new Error('set one by one')),
      getMany: async (texts: readonly string[]) => {
        calls.push(`getMany ${texts.length}`);
        return Promise.all(texts.map((t) => store.get(t)));
      },
      setMany: async (entries: readonly (readonly [string, string])[]) => {
        calls.push(`setMany ${entries.length}`);
        for (const [text, translated] of entries) await store.set(text, translated);
      },
    };
    const { translations, stats } = await translateTexts(['Revenue', 'Net income', 'Total assets'], {
      translateBatch: fakeTranslator().translateBatch,
      cache,
      maxBatchTexts: 1,
    });
    expect(calls).toEqual(['getMany 3', 'setMany 1', 'setMany 1']);
    expect(translations[0]).toBe('收入');
    expect(stats).toMatchObject({ cached: 1, translated: 2, batches: 2 });
    expect(store.size).toBe(3);
  });

  it('splits the work into batches bounded by characters', async () => {
    const fake = fakeTranslator();
    const texts = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${'x'.repeat(i + 1)} ${'lorem ipsum '.repeat(10)}`,
    );
    await translateTexts(texts, {
      translateBatch: fake.translateBatch,
      cache: createMemoryCache(),
      maxBatchChars: 500,
    });
    expect(fake.batches.length).toBeGreaterThan(5);
    for (const batch of fake.batches) expect(batch.join('').length).toBeLessThanOrEqual(500);
    expect(fake.batches.flat()).toHaveLength(30);
  });

  it('fails clearly when the model answers the wrong number of texts, keeps the source on empty answers', async () => {
    const cache = createMemoryCache();
    await expect(
      translateTexts(['One text', 'Two texts'], { translateBatch: async () => ['一'], cache }),
    ).rejects.toMatchObject({ name: 'TranslatePdfError', code: 'bad_translation' });
    const { translations } = await translateTexts(['One text'], { translateBatch: async () => [' '], cache });
    expect(translations).toEqual(['One text']);
    expect(await cache.get('One text')).toBeUndefined();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      translateTexts(['Net sales'], {
        translateBatch: fakeTranslator().translateBatch,
        cache: createMemoryCache(),
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});

describe('translateBlocks', () => {
  it('translates only the blocks that need it and reports each page once, in order', async () => {
    const pages: PageBlocks[] = [
      { page: 1, blocks: [block(1, 'Net sales'), block(1, '52,604', false)] },
      { page: 2, blocks: [] },
      { page: 3, blocks: [block(3, 'Total revenue'), block(3, 'Net sales')] },
    ];
    const progress: string[] = [];
    const fake = fakeTranslator();
    const { blocks, stats } = await translateBlocks(pages, {
      translateBatch: fake.translateBatch,
      cache: createMemoryCache(),
      maxBatchChars: 10,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(blocks.map((b) => b.page)).toEqual([1, 3, 3]);
    expect(blocks[0]!.text).toBe(blocks[2]!.text);
    expect(stats.batches).toBe(2);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
  });
});
