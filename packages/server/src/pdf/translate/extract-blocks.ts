import {
  AnnotationMode,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { exceeded, startDocument } from '../decode-budget.js';
import { rejectionMessages } from '../pdf-rejected-error.js';
import { textDocumentOptions } from '../pdfjs-paths.js';
import { needsTranslation, type GlossaryOptions } from './glossary.js';
import { groupBlocks, type TextRun } from './group-blocks.js';
import { blockColors } from './block-colors.js';
import { scanPaint } from './page-paint.js';
import type { PagePaint } from './paint-types.js';
import { TranslatePdfError, type Box, type PageBlocks, type TextBlock } from './types.js';

export interface ExtractBlocksOptions {
  glossary?: GlossaryOptions;
  signal?: AbortSignal;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Characters pdf.js could not map to Unicode come out as NUL. In these reports they are nearly
 * always the "fi" ligature of a font without a ToUnicode entry for it ("\0rst", "\0scal"), so a
 * NUL before a lower-case letter reads as "fi"; other control characters are dropped.
 */
function cleanText(str: string): string {
  // eslint-disable-next-line no-control-regex -- the NULs and controls that broken fonts leave
  return str.replace(/\u0000(?=[a-z])/g, 'fi').replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * The horizontal text runs of one page. Rotated and vertical text is left out: it is neither
 * translated nor covered. Ascent and descent come from the font (pdf.js styles), bounded so that
 * the box covers the glyphs even when a font states no or odd metrics.
 */
export function runsOf(content: TextContent): TextRun[] {
  const runs: TextRun[] = [];
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const item: TextItem = raw;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[];
    const horizontal = a > 0 && d > 0 && Math.abs(b) < a * 1e-3 && Math.abs(c) < d * 1e-3;
    const style = content.styles[item.fontName];
    if (!horizontal || style?.vertical) continue;
    runs.push({
      str: cleanText(item.str),
      x: e,
      baseline: f,
      width: item.width,
      size: d,
      ascent: clamp(style?.ascent || 0.8, 0.7, 1),
      descent: clamp(-(style?.descent || -0.2), 0.2, 0.3),
      hasEOL: item.hasEOL,
    });
  }
  return runs;
}

/**
 * What the page paints (fills and text colours), from its operator list, or null when pdf.js
 * cannot build that list: the blocks then keep the white cover and black text.
 */
export async function pagePaint(page: PDFPageProxy): Promise<PagePaint | null> {
  try {
    // Annotations are painted over the page's text: nothing of theirs lies under it.
    const list = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
    return scanPaint(list, {
      fontMatrix: (name) => lookUp<{ fontMatrix?: number[] }>(page.commonObjs, name)?.fontMatrix,
      pattern: (id) => lookUp(page.objs, id),
    });
  } catch {
    return null;
  }
}

/** What a line is painted on, as a key for grouping: lines on different grounds are kept apart. */
function groundKey(paint: PagePaint, box: Box): string {
  return blockColors(paint, box)
    .background.map((c) => Math.round(c * 255))
    .join(',');
}

/** An object pdf.js has already resolved, without waiting for one it has not. */
function lookUp<T>(objs: { has(id: string): boolean; get(id: string): unknown }, id: string): T | undefined {
  try {
    return objs.has(id) ? (objs.get(id) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Past a decode bound (where the translation worker installed them) pdf.js fails quietly page by
 * page; the document is refused instead of translated with holes.
 */
function throwIfOverrun(): void {
  const overrun = exceeded();
  if (overrun) throw new TranslatePdfError('unreadable', rejectionMessages.decodeOverrun(overrun));
}

async function openDocument(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  startDocument();
  // pdf.js takes (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ ...textDocumentOptions, data: bytes.slice() });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    throwIfOverrun();
    const password = error instanceof Error && error.name === 'PasswordException';
    throw new TranslatePdfError(
      password ? 'encrypted' : 'unreadable',
      password ? 'The PDF needs a password to open.' : 'The PDF could not be read.',
      { cause: error },
    );
  }
}

/**
 * Positioned text blocks of every page, in page order. A page whose content pdf.js cannot read
 * yields no blocks (it is kept as it is).
 */
export async function extractBlocks(
  bytes: Uint8Array,
  options: ExtractBlocksOptions = {},
): Promise<PageBlocks[]> {
  const doc = await openDocument(bytes);
  try {
    const pages: PageBlocks[] = [];
    // Whether the last page had text to translate: then this page's paint is read alongside its
    // text (pdf.js interleaves the two parses, which hides some of its waits), else only if needed.
    let speculate = true;
    for (let page = 1; page <= doc.numPages; page++) {
      options.signal?.throwIfAborted();
      throwIfOverrun();
      let proxy: PDFPageProxy;
      let content: TextContent;
      let paint: PagePaint | null = null;
      let painting: Promise<PagePaint | null> | null = null;
      try {
        proxy = await doc.getPage(page);
        if (speculate) painting = pagePaint(proxy);
        content = await proxy.getTextContent();
        paint = await painting;
      } catch {
        await painting;
        pages.push({ page, blocks: [] });
        continue;
      }
      const runs = runsOf(content);
      const group = (on: PagePaint | null) =>
        groupBlocks(runs, on ? { groundOf: (box) => groundKey(on, box) } : {}).map((block): TextBlock => ({
          ...block,
          page,
          translate: needsTranslation(block.text, options.glossary),
        }));
      let blocks = group(paint);
      // Only blocks that will be covered and redrawn need their colours.
      speculate = blocks.some((b) => b.translate);
      if (speculate && !painting) {
        paint = await pagePaint(proxy);
        if (paint) blocks = group(paint);
      }
      proxy.cleanup();
      if (paint && speculate) {
        for (const block of blocks) {
          if (!block.translate) continue;
          const { background, text } = blockColors(paint, block.box);
          block.background = background;
          block.color = text;
        }
      }
      pages.push({ page, blocks });
    }
    throwIfOverrun();
    return pages;
  } finally {
    await doc.destroy();
  }
}
