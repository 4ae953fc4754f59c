import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type FontkitFont = ReturnType<typeof fontkit.create>;

/** One weight of Noto Sans SC, parsed once and shared by every Chinese report of the process. */
export interface CjkFace {
  bytes: Uint8Array;
  font: FontkitFont;
  /** Advance width per character, in thousandths of the font size. */
  widths: Map<string, number>;
}

const NOTO_SANS_SC = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let faces: Promise<{ regular: CjkFace; bold: CjkFace }> | undefined;

/** Reads and parses the two 10 MB font files once per process (~35 ms each). */
export function loadCjkFaces(): Promise<{ regular: CjkFace; bold: CjkFace }> {
  faces ??= (async () => {
    const require = createRequire(import.meta.url);
    const load = async (specifier: string): Promise<CjkFace> => {
      const bytes = await readFile(require.resolve(specifier));
      return { bytes, font: patchFont(fontkit.create(bytes)), widths: new Map() };
    };
    const [regular, bold] = await Promise.all([load(NOTO_SANS_SC.regular), load(NOTO_SANS_SC.bold)]);
    return { regular, bold };
  })();
  return faces;
}

/**
 * Embeds one face into `doc` as a subset (only the glyphs drawn end up in the file). pdf-lib hands
 * the embedded bytes back to fontkit's `create`; the registered fontkit answers with the face
 * parsed (and patched) once per process instead of parsing 10 MB again.
 */
export async function embedCjkFace(doc: PDFDocument, face: CjkFace): Promise<PDFFont> {
  doc.registerFontkit({
    create: (bytes) => {
      if (bytes !== face.bytes) throw new Error('unexpected font bytes');
      return face.font;
    },
  });
  return doc.embedFont(face.bytes, { subset: true });
}

export function cjkWidth(face: CjkFace, text: string, size: number): number {
  let total = 0;
  for (const char of text) {
    let width = face.widths.get(char);
    if (width === undefined) {
      const glyph = face.font.glyphForCodePoint(char.codePointAt(0) ?? 0);
      width = (glyph.advanceWidth * 1000) / face.font.unitsPerEm;
      face.widths.set(char, width);
    }
    total += width;
  }
  return (total * size) / 1000;
}

/** Internals of @pdf-lib/fontkit's TrueType subset that the fix below touches. */
interface TtfSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

type PaddableBuffer = Uint8Array & { constructor: { concat(list: Uint8Array[]): Uint8Array } };

/**
 * Two fixes on a view of the parsed font (the original stays untouched):
 *
 * - Layout: pdf-lib lays out every drawn string with fontkit's full OpenType shaper, which took most
 *   of a Chinese report's render time. Our text needs no shaping (no ligatures; the PDF carries no
 *   kerning), so one glyph per code point through the cmap gives the same glyphs. Each glyph keeps
 *   the code point it was asked for, which pdf-lib writes into ToUnicode: the text extracts as Chinese.
 * - Subsetting: @pdf-lib/fontkit 1.1 writes a short-format `loca` (offsets halved) without padding
 *   glyph records to even length, so after the first odd-length glyph every later glyph is read
 *   from the wrong offset and renders blank (fixed upstream in fontkit 1.8, foliojs/fontkit#191).
 *   Padding each record to an even length keeps every offset exact.
 */
function patchFont(font: FontkitFont): FontkitFont {
  const patched = Object.create(font) as FontkitFont;
  patched.layout = (text: string) => {
    const glyphs = Array.from(text, (char) => font.glyphForCodePoint(char.codePointAt(0) ?? 0));
    return { glyphs } as unknown as ReturnType<FontkitFont['layout']>;
  };
  patched.createSubset = () => {
    const subset = font.createSubset.call(patched) as unknown as TtfSubset;
    const addGlyph = subset._addGlyph.bind(subset);
    subset._addGlyph = (glyphId) => {
      const index = addGlyph(glyphId);
      const record = subset.glyf[index] as PaddableBuffer;
      if (record.length % 2 === 1) {
        subset.glyf[index] = record.constructor.concat([record, new Uint8Array(1)]);
        subset.offset += 1;
      }
      return index;
    };
    return subset as unknown as ReturnType<FontkitFont['createSubset']>;
  };
  return patched;
}
