import { protectTerms, restoreTerms, type GlossaryOptions } from './glossary.js';
import {
  TranslatePdfError,
  type PageBlocks,
  type TranslateBatch,
  type TranslatedBlock,
  type TranslationCache,
} from './types.js';

export interface TranslateTextsOptions {
  translateBatch: TranslateBatch;
  cache: TranslationCache;
  glossary?: GlossaryOptions;
  /** Characters of (protected) source text per model call. */
  maxBatchChars?: number;
  /** Texts per model call. */
  maxBatchTexts?: number;
  signal?: AbortSignal;
  /**
   * Called after each batch with how many of the texts, counted from the first in input order,
   * now have their translation (so the caller can tell which pages are done).
   */
  onProgress?(donePrefix: number): void;
}

export interface TranslateTextsResult {
  /** One translation per input text, in order. */
  translations: string[];
  stats: {
    /** Distinct texts, how many the cache answered and how many the model translated. */
    unique: number;
    cached: number;
    translated: number;
    /** Texts sent to the model (texts equal but for their glossary terms go once), in how many calls. */
    sent: number;
    batches: number;
    /** Glossary terms the model dropped (appended to the translation so no number is lost). */
    missingTerms: number;
  };
}

export const DEFAULT_BATCH_CHARS = 4000;
export const DEFAULT_BATCH_TEXTS = 50;

/** A cache held in memory, for tests and for one-off runs. */
export function createMemoryCache(): TranslationCache & { readonly size: number } {
  const map = new Map<string, string>();
  return {
    get: async (text) => map.get(text),
    set: async (text, translated) => {
      map.set(text, translated);
    },
    get size() {
      return map.size;
    },
  };
}

/** Looks texts up with the cache's bulk form when it has one, else one by one in order. */
export async function cacheGetMany(
  cache: TranslationCache,
  texts: readonly string[],
): Promise<(string | undefined)[]> {
  if (cache.getMany) return cache.getMany(texts);
  const hits: (string | undefined)[] = [];
  for (const text of texts) hits.push(await cache.get(text));
  return hits;
}

/** Writes translations with the cache's bulk form when it has one, else one by one in order. */
export async function cacheSetMany(
  cache: TranslationCache,
  entries: readonly (readonly [string, string])[],
): Promise<void> {
  if (entries.length === 0) return;
  if (cache.setMany) return cache.setMany(entries);
  for (const [text, translated] of entries) await cache.set(text, translated);
}

/** Splits texts, in order, into batches of at most `maxChars` characters and `maxTexts` texts. */
export function makeBatches<T extends { text: string }>(
  items: readonly T[],
  maxChars: number,
  maxTexts: number,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (batch.length > 0 && (chars + item.text.length > maxChars || batch.length >= maxTexts)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(item);
    chars += item.text.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

interface Pending {
  source: string;
  text: string;
  terms: string[];
}

/**
 * Translates texts through the cache and the model: each distinct text once, the cache first,
 * then the rest in batches bounded by characters, in input order, with the glossary terms
 * protected by placeholders. Every new translation is written to the cache.
 */
export async function translateTexts(
  texts: readonly string[],
  options: TranslateTextsOptions,
): Promise<TranslateTextsResult> {
  const { cache, signal } = options;
  const done = new Map<string, string>();
  const unique = [...new Set(texts)];
  let cached = 0;
  for (const [i, hit] of (await cacheGetMany(cache, unique)).entries()) {
    if (hit !== undefined) {
      done.set(unique[i]!, hit);
      cached++;
    }
  }

  let prefix = 0;
  const report = () => {
    while (prefix < texts.length && done.has(texts[prefix]!)) prefix++;
    options.onProgress?.(prefix);
  };
  report();

  // Texts that differ only in their terms ("Net sales 2023", "Net sales 2022") share one slot.
  const slots = new Map<string, Pending[]>();
  for (const source of unique) {
    if (done.has(source)) continue;
    const p = { source, ...protectTerms(source, options.glossary) };
    slots.set(p.text, [...(slots.get(p.text) ?? []), p]);
  }
  const batches = makeBatches(
    [...slots].map(([text, sources]) => ({ text, sources })),
    options.maxBatchChars ?? DEFAULT_BATCH_CHARS,
    options.maxBatchTexts ?? DEFAULT_BATCH_TEXTS,
  );
  let missingTerms = 0;
  for (const batch of batches) {
    signal?.throwIfAborted();
    const answers = await options.translateBatch(batch.map((slot) => slot.text));
    signal?.throwIfAborted();
    if (!Array.isArray(answers) || answers.length !== batch.length) {
      throw new TranslatePdfError(
        'bad_translation',
        `The translator answered ${Array.isArray(answers) ? answers.length : 'no'} texts for a batch of ${batch.length}.`,
      );
    }
    const fresh: [string, string][] = [];
    for (const [i, slot] of batch.entries()) {
      const answer = answers[i];
      for (const p of slot.sources) {
        // An empty answer keeps the source text, and is not cached: a later run may do better.
        if (typeof answer !== 'string' || answer.trim() === '') {
          done.set(p.source, p.source);
          continue;
        }
        const restored = restoreTerms(answer.trim(), p.terms);
        missingTerms += restored.missing;
        done.set(p.source, restored.text);
        fresh.push([p.source, restored.text]);
      }
    }
    // Written before the next batch goes out: a run that breaks off resumes from here.
    await cacheSetMany(cache, fresh);
    report();
  }

  return {
    translations: texts.map((text) => done.get(text) ?? text),
    stats: {
      unique: unique.length,
      cached,
      translated: [...slots.values()].reduce((sum, sources) => sum + sources.length, 0),
      sent: slots.size,
      batches: batches.length,
      missingTerms,
    },
  };
}

export interface TranslateBlocksOptions extends Omit<TranslateTextsOptions, 'onProgress'> {
  /** Pages whose blocks all have their translation, and the page count; once per finished page. */
  onProgress?(donePages: number, totalPages: number): void;
}

/**
 * Translates the blocks that need it, page by page in order (batches may span pages), and reports
 * each page once all of its blocks (and those of the pages before it) are translated.
 */
export async function translateBlocks(
  pages: readonly PageBlocks[],
  options: TranslateBlocksOptions,
): Promise<{ blocks: TranslatedBlock[]; stats: TranslateTextsResult['stats'] }> {
  const wanted = pages.map((p) => p.blocks.filter((b) => b.translate));
  // ends[i]: how many texts the pages up to and including page i hold.
  const ends: number[] = [];
  wanted.reduce((sum, blocks, i) => (ends[i] = sum + blocks.length), 0);
  let reported = 0;
  const { onProgress, ...rest } = options;
  const { translations, stats } = await translateTexts(
    wanted.flatMap((blocks) => blocks.map((b) => b.text)),
    {
      ...rest,
      onProgress: (prefix) => {
        let donePages = reported;
        while (donePages < pages.length && ends[donePages]! <= prefix) donePages++;
        while (reported < donePages) {
          reported++;
          onProgress?.(reported, pages.length);
        }
      },
    },
  );
  const flat = wanted.flat();
  const blocks = flat.map((block, i) => ({
    page: block.page,
    box: block.box,
    fontSize: block.fontSize,
    text: translations[i] ?? block.text,
    ...(block.background ? { background: block.background } : {}),
    ...(block.color ? { color: block.color } : {}),
  }));
  return { blocks, stats };
}
