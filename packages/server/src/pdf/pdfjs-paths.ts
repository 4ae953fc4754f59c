import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the installed pdfjs-dist keeps what pdf.js loads at run time. */
const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** pdf.js reads these with `fs` in Node, so plain paths are right; it insists on the trailing slash. */
export const cMapDir = join(root, 'cmaps') + '/';
export const standardFontDir = join(root, 'standard_fonts') + '/';

/** The legacy (Node-compatible) build: the API module and the parser it runs as a "fake worker". */
export const pdfjsModuleUrls = [
  pathToFileURL(join(root, 'legacy', 'build', 'pdf.mjs')).href,
  pathToFileURL(join(root, 'legacy', 'build', 'pdf.worker.mjs')).href,
] as const;

/**
 * Largest image pdf.js decodes, in pixels (a page scanned at 600 dpi is ~35 million): a tiny JPEG
 * can declare any size, and decoding it (when a page's paint is read for translation) would
 * allocate 4 bytes a pixel. Larger images are skipped; text is never in them.
 */
export const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;

/**
 * The options of every document the server reads. Without the CMaps and standard fonts pdf.js
 * extracts nothing from Chinese files whose fonts are not embedded. No eval, no system or web
 * fonts: text only.
 */
export const textDocumentOptions = {
  maxImageSize: MAX_IMAGE_PIXELS,
  cMapUrl: cMapDir,
  cMapPacked: true,
  standardFontDataUrl: standardFontDir,
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  verbosity: 0,
  stopAtErrors: false,
} as const;
