import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import type { ReportLanguage } from '@rl/contract';
import { cjkWidth, loadCjkFaces, type FontkitFont } from '../pdf/cjk-font.js';
import type { Measure } from './layout.js';

export interface ReportFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Source lines and captions. */
  italic: PDFFont;
  measure(text: string, size: number, bold?: boolean): number;
  measurer(size: number, bold?: boolean): Measure;
}

/** Helvetica advance widths per character, at size 1000, shared by all English reports. */
const REGULAR_WIDTHS = new Map<string, number>();
const BOLD_WIDTHS = new Map<string, number>();

/**
 * Sum of cached per-character widths. pdf-lib's own measure re-encodes the string and adds kerning
 * on every call, which made line breaking the slowest part of an English report; the drawn text
 * carries no kerning anyway, so the plain sum is also the more accurate width.
 */
function standardWidth(font: PDFFont, widths: Map<string, number>, text: string, size: number): number {
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) {
      width = font.widthOfTextAtSize(char, 1000);
      widths.set(char, width);
    }
    total += width;
  }
  return (total * size) / 1000;
}

/** English reports use the standard Helvetica family (nothing embedded); Chinese ones subset Noto Sans SC. */
export async function embedReportFonts(doc: PDFDocument, language: ReportLanguage): Promise<ReportFonts> {
  if (language === 'en') {
    const [regular, bold, italic] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.HelveticaOblique),
    ]);
    const measure = (text: string, size: number, isBold = false): number =>
      isBold
        ? standardWidth(bold, BOLD_WIDTHS, text, size)
        : standardWidth(regular, REGULAR_WIDTHS, text, size);
    return {
      regular,
      bold,
      italic,
      measure,
      measurer: (size, isBold) => (text) => measure(text, size, isBold),
    };
  }
  const faces = await loadCjkFaces();
  const parsed = new Map<Uint8Array, FontkitFont>([
    [faces.regular.bytes, faces.regular.font],
    [faces.bold.bytes, faces.bold.font],
  ]);
  // pdf-lib hands the bytes we embed back to `create`; answer with the already parsed font.
  doc.registerFontkit({
    create: (bytes) => {
      const font = parsed.get(bytes);
      if (!font) throw new Error('unexpected font bytes');
      return font;
    },
  });
  const [regular, bold] = await Promise.all([
    doc.embedFont(faces.regular.bytes, { subset: true }),
    doc.embedFont(faces.bold.bytes, { subset: true }),
  ]);
  const measure = (text: string, size: number, isBold = false): number =>
    cjkWidth(isBold ? faces.bold : faces.regular, text, size);
  return {
    regular,
    bold,
    italic: regular,
    measure,
    measurer: (size, isBold) => (text) => measure(text, size, isBold),
  };
}
