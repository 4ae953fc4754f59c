import {
  beginText,
  endText,
  fill,
  ParseSpeeds,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { cjkWidth, embedCjkFace, loadCjkFaces, type CjkFace } from '../cjk-font.js';
import { decryptDocument } from './decrypt-pdf.js';
import { fitText, MIN_FONT_SIZE, type FittedText } from './fit-text.js';
import { BLACK, WHITE } from './block-colors.js';
import { TranslatePdfError, type Box, type Rgb, type TranslatedBlock } from './types.js';

export interface WriteOptions {
  /** Floor of the font size reduction (the original size when that is smaller). */
  minFontSize?: number;
  signal?: AbortSignal;
}

export interface DrawnBlock {
  block: TranslatedBlock;
  /** How the text was fitted; null when it could not be (box too small): the original stays. */
  fit: FittedText | null;
}

export interface WriteResult {
  bytes: Uint8Array;
  drawn: DrawnBlock[];
  /** True when the source was encrypted (owner password only) and had to be decrypted. */
  decrypted: boolean;
}

/** Loads the source with pdf-lib, decrypting an owner-password-only file; the source is untouched. */
async function openForWriting(bytes: Uint8Array): Promise<{ doc: PDFDocument; decrypted: boolean }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    throw new TranslatePdfError(
      'unreadable',
      'The PDF could not be rewritten: its structure could not be read.',
      {
        cause: error,
      },
    );
  }
  // pdf-lib unpacks compressed object streams while it parses, before anything could decrypt
  // them: in an encrypted file, the objects they hold are lost.
  if (doc.isEncrypted && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/ObjStm')) {
    throw new TranslatePdfError(
      'encrypted',
      'The PDF is encrypted and keeps its objects in compressed object streams, which the translator cannot rewrite.',
    );
  }
  const decrypted = decryptDocument(doc);
  try {
    doc.getPages();
  } catch (error) {
    throw new TranslatePdfError(
      'unreadable',
      'The PDF could not be rewritten: its page tree could not be read.',
      {
        cause: error,
      },
    );
  }
  return { doc, decrypted };
}

/** A colour to 4 decimals (pdf.js reads colours to 8 bits anyway), and a key for grouping by it. */
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;
const rounded = (color: Rgb): Rgb => [round4(color[0]), round4(color[1]), round4(color[2])];
const colorKey = ([r, g, b]: Rgb) => `${r} ${g} ${b}`;

/**
 * Covers each block's original text with a rectangle exactly on its box, in the colour the text sat
 * on (white on the page, the band's colour on a table header or a shaded box), then draws the
 * translation wrapped and fitted into the same box, in the block's text colour. All rectangles of a
 * page go first, so that no cover hides the new text of a neighbouring block. The operators are
 * written directly (one fill per cover colour, one text object for all lines, a colour change only
 * between blocks of different colours): pdf-lib's drawText and drawRectangle wrap every call in its
 * own graphics state and add a font resource entry per call.
 */
function drawPage(
  page: PDFPage,
  blocks: readonly TranslatedBlock[],
  font: PDFFont,
  face: CjkFace,
  minSize: number,
) {
  const measure = (text: string) => cjkWidth(face, text, 1);
  const drawn = blocks.map((block) => ({
    block,
    fit: fitText(block.text, block.box, measure, { startSize: block.fontSize, minSize }),
  }));
  const fitted = drawn.flatMap(({ block, fit }) => (fit ? [{ block, fit }] : []));
  if (fitted.length === 0) return drawn;

  const covers = new Map<string, { color: Rgb; boxes: Box[] }>();
  for (const { block } of fitted) {
    const color = rounded(block.background ?? WHITE);
    const key = colorKey(color);
    const group = covers.get(key) ?? { color, boxes: [] };
    group.boxes.push(block.box);
    covers.set(key, group);
  }
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  const ops: PDFOperator[] = [pushGraphicsState()];
  for (const { color, boxes } of covers.values()) {
    ops.push(setFillingRgbColor(...color));
    for (const box of boxes) ops.push(rectangle(box.x, box.y, box.width, box.height));
    ops.push(fill());
  }
  ops.push(beginText());
  let current = '';
  for (const { block, fit } of fitted) {
    const { box } = block;
    const color = rounded(block.color ?? BLACK);
    if (colorKey(color) !== current) {
      current = colorKey(color);
      ops.push(setFillingRgbColor(...color));
    }
    ops.push(setFontAndSize(fontKey, fit.size));
    const top = box.y + box.height;
    fit.lines.forEach((line, i) => {
      ops.push(setTextMatrix(1, 0, 0, 1, box.x, top - fit.firstBaseline - i * fit.pitch));
      ops.push(showText(font.encodeText(line)));
    });
  }
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
  return drawn;
}

/**
 * Writes a new PDF: the source document with every page kept as it is (images, charts, vector
 * graphics, links) and each translated block's text replaced in place, in a subset of Noto Sans SC.
 */
export async function writeTranslatedPdf(
  source: Uint8Array,
  blocks: readonly TranslatedBlock[],
  options: WriteOptions = {},
): Promise<WriteResult> {
  const { doc, decrypted } = await openForWriting(source);
  const face = (await loadCjkFaces()).regular;
  const font = await embedCjkFace(doc, face);
  const minSize = options.minFontSize ?? MIN_FONT_SIZE;
  const pages = doc.getPages();

  const byPage = new Map<number, TranslatedBlock[]>();
  for (const block of blocks) {
    if (block.page < 1 || block.page > pages.length) continue;
    byPage.set(block.page, [...(byPage.get(block.page) ?? []), block]);
  }
  const drawn: DrawnBlock[] = [];
  for (const [number, pageBlocks] of [...byPage].sort((a, b) => a[0] - b[0])) {
    options.signal?.throwIfAborted();
    drawn.push(...drawPage(pages[number - 1]!, pageBlocks, font, face, minSize));
  }
  const bytes = await doc.save({ objectsPerTick: Infinity, updateFieldAppearances: false });
  return { bytes, drawn, decrypted };
}
