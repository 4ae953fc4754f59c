import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PositionedText } from './page-text.js';

/**
 * Bounds on the text one document may yield, checked while pdf.js yields it.
 *
 * The decode bounds (decode-budget.ts) limit what streams inflate to, not what a page draws with
 * them: a page may draw one Form XObject of 100 KB of text a hundred times, or draw it again from
 * every page, and pdf.js yields the text once per drawing. The bounds here follow from what a page
 * can show, not from its MediaBox (which a file may declare as large as it likes):
 *  - per page: more characters than any page set in legible type can hold;
 *  - per document: a cap on the sum, below what the page bound times the page limit would allow.
 * A page's text is read from pdf.js's stream in chunks and the stream is cancelled as soon as the
 * page passes its bound, so the text past it is never built (pdf.js pauses its parser until the
 * chunks before are read).
 */

/**
 * Characters one page may yield. The densest page of the shared corpus (a broker's disclosures in
 * small type on A4) yields 15,412; an A4 page filled edge to edge with 4-point type holds about
 * 52,000. Larger sheets (A3 tables) set in legible type stay under it too.
 */
export const MAX_PAGE_CHARS = 64 * 1024;

/**
 * Characters one document may yield in all: the corpus document with the most text (a 260-page
 * 10-K) yields 828,126, and a document at the page limit (2000) set as densely as an average 10-K
 * page (3,200) about 6.4 million.
 */
export const MAX_DOCUMENT_CHARS = 8 * 1024 * 1024;

export interface TextLimits {
  page: number;
  document: number;
}

export interface TextOverrun {
  kind: 'page' | 'document';
  limit: number;
  /** The page (from 1) on which the bound was passed. */
  page: number;
}

/** The part of a pdf.js page that streams its text. */
type TextSource = Pick<PDFPageProxy, 'streamTextContent'>;

/** What the budget has counted of one document, and the bound it passed if any. */
export interface TextBudget {
  /**
   * The text items of page `n`, read until the page passes its bound: null then (the stream is
   * cancelled and the overrun remembered).
   */
  readPage(page: TextSource, n: number): Promise<PositionedText[] | null>;
  /** Counts page `n`'s text as it will be stored; false (and the overrun remembered) past a bound. */
  keep(text: string, n: number): boolean;
  overrun(): TextOverrun | null;
}

export function createTextBudget(
  limits: TextLimits = { page: MAX_PAGE_CHARS, document: MAX_DOCUMENT_CHARS },
): TextBudget {
  let total = 0;
  let overrun: TextOverrun | null = null;

  return {
    async readPage(page, n) {
      const reader = page.streamTextContent().getReader();
      const items: PositionedText[] = [];
      let chars = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return items;
          // Marked-content entries are only present on request; every item here is a text item.
          for (const item of value.items as PositionedText[]) {
            chars += item.str.length;
            items.push(item);
          }
          if (chars > limits.page) {
            overrun = { kind: 'page', limit: limits.page, page: n };
            // Stops pdf.js's parser of this page (it wants an Error); whatever it answers, the page is refused.
            await reader.cancel(new Error('text over the page bound')).catch(() => undefined);
            return null;
          }
        }
      } finally {
        reader.releaseLock();
      }
    },

    keep(text, n) {
      // The stored text of a page adds line breaks to what pdf.js yielded: it is held to the same bound.
      if (text.length > limits.page) overrun = { kind: 'page', limit: limits.page, page: n };
      else if (total + text.length > limits.document)
        overrun = { kind: 'document', limit: limits.document, page: n };
      else total += text.length;
      return overrun === null;
    },

    overrun: () => overrun,
  };
}
