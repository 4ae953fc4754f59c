import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fromEnglish } from '../messages/from-english.js';
import { render } from '../messages/message.js';
import { joinLines, pageLines, type PositionedText } from './page-text.js';
import { textDocumentOptions } from './pdfjs-paths.js';
import { PdfRejectedError, rejectionMessages } from './pdf-rejected-error.js';
import { readPdf } from './read-pdf.js';
import { textBombPdf } from '../../test/pdf/test-bombs.js';
import { textItemBombPdf } from '../../test/pdf/test-pdf.js';
import { createTextBudget, MAX_DOCUMENT_CHARS, MAX_PAGE_CHARS, type TextBudget } from './text-budget.js';
import { formXObject, pdfOfStreams } from './tiny-pdf.js';

/**
 * The text bounds, read by pdf.js in this process: a page that yields more text than a page can
 * show, or a document that yields more in all, is refused with its reason, and the page's text is
 * read only up to its bound.
 */

/** 100 characters, none of them a space at either end (the stored line keeps all 100). */
const LINE = `${'Revenue grew in every segment as the new plants came on line. '.repeat(2).slice(0, 99)}.`;

/**
 * `pages` pages that each draw one form of `lines` lines of 100 characters `draws` times; the
 * pages are as tall as the lines need (pdf.js leaves out text outside the page).
 */
function formPages(lines: number, pages: number, draws = 1): Uint8Array {
  const size: [number, number] = [612, lines * 12 + 40];
  const text = `BT /F1 10 Tf 12 ${size[1] - 20} Td ${`(${LINE}) Tj 0 -12 Td `.repeat(lines)}ET`;
  const drawing = Array.from({ length: draws }, (_, i) => `q 1 0 0 1 ${i} 0 cm /X0 Do Q`).join('\n');
  const streams = [formXObject(text, size), { dict: '', data: Buffer.from(drawing, 'latin1') }];
  return pdfOfStreams(
    streams,
    Array.from({ length: pages }, () => [1]),
    { size, forms: [0] },
  );
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PdfRejectedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

/** Reads every page of `bytes` through `budget` as readPdf does; the pages kept. */
async function readThrough(bytes: Uint8Array, budget: TextBudget): Promise<string[]> {
  const doc = await getDocument({ ...textDocumentOptions, data: bytes }).promise;
  const kept: string[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const items = await budget.readPage(await doc.getPage(n), n);
      if (!items) break;
      const text = joinLines(pageLines(items));
      if (!budget.keep(text, n)) break;
      kept.push(text);
    }
  } finally {
    await doc.destroy();
  }
  return kept;
}

describe('text bounds', () => {
  it('refuses a small PDF whose one page draws a 100 KB form 10 × 10 times on a 200000-point page', async () => {
    const bomb = textBombPdf();
    expect(bomb.length).toBeLessThan(130 * 1024);
    expect(await refusal(readPdf(bomb, { maxPages: 2000 }))).toEqual({
      code: 'too_large',
      message: `Page 1 of the PDF yields more than ${MAX_PAGE_CHARS.toLocaleString('en-US')} characters of text (the limit)`,
    });
  });

  it('refuses a page of 400,000 separate text items at its text bound, before they fill the heap', async () => {
    expect(await refusal(readPdf(textItemBombPdf(400_000), { maxPages: 2000 }))).toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(/^Page 1 of the PDF yields more than 65,536 characters/),
    });
  });

  it("stops pdf.js at the page's bound instead of reading the page's 10 MB of text first", async () => {
    const doc = await getDocument({ ...textDocumentOptions, data: textBombPdf() }).promise;
    try {
      const page = await doc.getPage(1);
      // What pdf.js handed over before the budget stopped it, seen on the way.
      let yielded = 0;
      const watched = {
        streamTextContent: () =>
          page.streamTextContent().pipeThrough(
            new TransformStream({
              transform(chunk: { items: PositionedText[] }, controller) {
                yielded += chunk.items.reduce((sum, item) => sum + item.str.length, 0);
                controller.enqueue(chunk);
              },
            }),
          ),
      } as unknown as typeof page;
      const budget = createTextBudget();
      expect(await budget.readPage(watched, 1)).toBeNull();
      expect(budget.overrun()).toEqual({ kind: 'page', limit: MAX_PAGE_CHARS, page: 1 });
      expect(yielded).toBeGreaterThan(MAX_PAGE_CHARS);
      expect(yielded).toBeLessThan(2 * MAX_PAGE_CHARS);
    } finally {
      await doc.destroy();
    }
  });

  it('reads a page under the bound whole, however often it draws the same form', async () => {
    const pdf = await readPdf(formPages(20, 2, 3), { maxPages: 2000 });
    expect(pdf.pages).toHaveLength(2);
    for (const text of pdf.pages) expect(text.split('\n').filter((l) => l === LINE.trim())).toHaveLength(60);
  });

  it('holds the stored text of a page, line breaks included, to the page bound', async () => {
    // 10 lines of 100 characters: pdf.js yields 1000, the stored page has 9 line breaks more.
    const budget = createTextBudget({ page: 1000, document: 10_000 });
    expect(await readThrough(formPages(10, 1), budget)).toEqual([]);
    expect(budget.overrun()).toEqual({ kind: 'page', limit: 1000, page: 1 });
    const roomy = createTextBudget({ page: 1009, document: 10_000 });
    expect(await readThrough(formPages(10, 1), roomy)).toHaveLength(1);
    expect(roomy.overrun()).toBeNull();
  });

  it('stops at the page on which the document passes its bound in all', async () => {
    const budget = createTextBudget({ page: 1200, document: 2500 });
    const kept = await readThrough(formPages(9, 4), budget);
    expect(kept.map((t) => t.length)).toEqual([908, 908]);
    expect(budget.overrun()).toEqual({ kind: 'document', limit: 2500, page: 3 });
  });

  it('refuses a document whose pages each stay under the page bound but pass the document bound together', async () => {
    // 600 lines a page: 60,599 characters stored; 139 such pages pass 8 Mi characters.
    const perPage = 600 * 101 - 1;
    const pages = Math.floor(MAX_DOCUMENT_CHARS / perPage) + 2;
    expect(perPage).toBeLessThan(MAX_PAGE_CHARS);
    expect(await refusal(readPdf(formPages(600, pages), { maxPages: 2000 }))).toEqual({
      code: 'too_large',
      message: `The PDF yields more than ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')} characters of text in all (the limit)`,
    });
  }, 120_000);

  it('words both refusals in English and Chinese', () => {
    const page = rejectionMessages.textOverrun({ kind: 'page', limit: MAX_PAGE_CHARS, page: 3 });
    const all = rejectionMessages.textOverrun({ kind: 'document', limit: MAX_DOCUMENT_CHARS, page: 140 });
    const zh = (english: string) => {
      const message = fromEnglish(english);
      expect(message, english).not.toBeNull();
      return render(message!, 'zh');
    };
    expect(zh(page)).toBe('该 PDF 第 3 页的文字超过 65,536 个字符（上限）');
    expect(zh(all)).toBe('该 PDF 的文字总计超过 8,388,608 个字符（上限）');
  });
});
