import { getDocument, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { textDocumentOptions } from '../pdfjs-paths.js';
import type { Box, TranslateBatch } from './types.js';

/*
 * Test helpers of the translator: a deterministic fake model and pdf.js read-backs of PDFs.
 */

/** 300 common characters: translations use many distinct glyphs, as real Chinese does. */
const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石';

/** Chinese characters for one English word: about one per 2.5 letters, chosen by the word's hash. */
export function fakeChinese(word: string, lengthFactor = 1): string {
  let h = 0;
  for (const c of word) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const n = Math.max(1, Math.round((word.length / 2.5) * lengthFactor));
  let out = '';
  for (let i = 0; i < n; i++) out += HAN[(h + i * 7) % HAN.length];
  return out;
}

export interface FakeTranslator {
  translateBatch: TranslateBatch;
  /** Every batch the pipeline sent, in order. */
  batches: string[][];
}

/**
 * A deterministic stand-in for the model: every run of Latin letters becomes Chinese characters
 * (`lengthFactor` times the usual length), spaces between them go, and everything else (numbers,
 * punctuation, the glossary's ⟦n⟧ placeholders) stays as it is.
 */
export function fakeTranslator(lengthFactor = 1): FakeTranslator {
  const batches: string[][] = [];
  return {
    batches,
    translateBatch: async (texts) => {
      batches.push(texts);
      return texts.map((text) =>
        text
          .replace(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g, (word) => fakeChinese(word, lengthFactor))
          .replace(/(?<=\p{Script=Han}) +(?=\p{Script=Han})/gu, ''),
      );
    },
  };
}

export interface ReadItem {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  size: number;
}

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ ...textDocumentOptions, data: bytes.slice() }).promise;
}

/** The text items of every page (1-based index 0 = page 1), as pdf.js reads them. */
export async function readItems(bytes: Uint8Array): Promise<ReadItem[][]> {
  const doc = await open(bytes);
  try {
    const pages: ReadItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const items: ReadItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const t = item.transform as number[];
        items.push({ str: item.str, x: t[4]!, y: t[5]!, width: item.width, size: t[3]! });
      }
      pages.push(items);
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** Items of `after` that `before` does not have (same text at the same place): what was drawn. */
export function newItems(before: readonly ReadItem[], after: readonly ReadItem[]): ReadItem[] {
  const key = (i: ReadItem) => `${i.str}@${Math.round(i.x)},${Math.round(i.y)}`;
  const old = new Map<string, number>();
  for (const item of before) old.set(key(item), (old.get(key(item)) ?? 0) + 1);
  return after.filter((item) => {
    const count = old.get(key(item)) ?? 0;
    if (count > 0) old.set(key(item), count - 1);
    return count === 0;
  });
}

/** Whether a drawn line lies inside a box: its advance and its glyphs' extent (-0.2..0.88 em). */
export function inside(item: ReadItem, box: Box, tolerance = 0.5): boolean {
  return (
    item.x >= box.x - tolerance &&
    item.x + item.width <= box.x + box.width + tolerance &&
    item.y - 0.2 * item.size >= box.y - tolerance &&
    item.y + 0.88 * item.size <= box.y + box.height + tolerance
  );
}

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
]);

/** Images painted on each of the first `limit` pages (from the operator list), and all operators. */
export async function paintedImages(
  bytes: Uint8Array,
  limit = Infinity,
): Promise<{ images: number; ops: number }[]> {
  const doc = await open(bytes);
  try {
    const pages: { images: number; ops: number }[] = [];
    for (let n = 1; n <= Math.min(limit, doc.numPages); n++) {
      const page = await doc.getPage(n);
      const list = await page.getOperatorList();
      pages.push({ images: list.fnArray.filter((op) => IMAGE_OPS.has(op)).length, ops: list.fnArray.length });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

export const HAS_HAN = /\p{Script=Han}/u;

/**
 * Runs `work` with a 10 ms interval timer beside it and answers the timer's longest wait beyond its
 * period: the longest time the event loop was blocked meanwhile (what a request would have waited).
 */
export async function withStallProbe<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 10);
    last = now;
  }, 10);
  try {
    return { value: await work(), stallMs };
  } finally {
    clearInterval(probe);
  }
}
